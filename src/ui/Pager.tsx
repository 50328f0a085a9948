/**
 * A command's output to read (`"output": "pager"` of your commands): the
 * text over the screen's body, wrapped to its width, scrolled with the
 * keymap's `pager` keys; Esc or q closes it. The text comes sanitised.
 */
import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { fit } from '../text/width.js';
import { wrap } from '../text/wrap.js';
import { useOpenHelp } from './hooks/use-help.js';
import { useKeyHandler } from './hooks/use-key-router.js';
import { actionFor, keyName, keyOf } from './keymap.js';
import { scrollStep, scrollWords } from './keys/scroll.js';

export interface PagerProps {
  title: string;
  /** Terminal-safe text (sanitised, newlines kept). */
  text: string;
  width: number;
  height: number;
  onClose: () => void;
}

/** The lines of the text at a width; "(no output)" for none. */
export function pagerLines(text: string, width: number): string[] {
  const body = text.replace(/\n+$/, '');
  return body.trim() === '' ? ['(no output)'] : wrap(body, Math.max(1, width));
}

/** "j/k scroll · q close", in the keys in force. */
function footWords(): string {
  const close = keyOf('pager', 'pager.close');
  return [scrollWords('pager') ?? '', close !== null ? `${close} close` : 'pager.close has no key']
    .filter(Boolean)
    .join(' · ');
}

export function Pager({ title, text, width, height, onClose }: PagerProps) {
  const lines = useMemo(() => pagerLines(text, width), [text, width]);
  // The title and the foot take a line each.
  const rows = Math.max(1, height - 2);
  const last = Math.max(0, lines.length - rows);
  const [top, setTop] = useState(0);
  const openHelp = useOpenHelp();
  useKeyHandler((input, key) => {
    const action = actionFor('pager', keyName(input, key));
    if (action === 'pager.close') return onClose();
    if (action === 'help') return openHelp('pager');
    const step = scrollStep(action, rows);
    if (step !== 0) setTop((t) => Math.max(0, Math.min(t + step, last)));
  });
  const shown = lines.slice(top, top + rows);
  const where = lines.length > rows ? ` — lines ${top + 1}–${top + shown.length} of ${lines.length}` : '';
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text bold>{fit(`${title}${where}`, width)}</Text>
      {shown.map((l, i) => (
        <Text key={top + i}>{fit(l, width)}</Text>
      ))}
      <Box flexGrow={1} />
      <Text dimColor>{fit(footWords(), width)}</Text>
    </Box>
  );
}
