/**
 * `S`: email sequences. The list (name, first subject, views, last sent);
 * Enter shows the steps in order with their delay and subject, and the
 * content as readable text. j/k scroll, Esc goes back a level, ? lists the
 * keys (the list's or the reader's) and comes back to the same place.
 */
import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import type { EmailSequenceDetail, FollowupStep } from '../api/schema.js';
import { htmlText } from '../text/html.js';
import { sanitize } from '../text/sanitize.js';
import { fit } from '../text/width.js';
import { wrap } from '../text/wrap.js';
import { longDate } from './card-meta.js';
import { useOpenHelp } from './hooks/use-help.js';
import { useKeyHandler, useKeyHandoff } from './hooks/use-key-router.js';
import { actionFor, keyName } from './keymap.js';
import { Picker } from './prompts/Picker.js';
import { useBoard, useBoardStore } from './store-context.js';
import { color } from './theme.js';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "2 days 3 hours", "30 minutes", "no delay". */
export function delayText(step: FollowupStep): string {
  const unit = step.Duration === '' || step.Duration === 'days' ? 'day' : sanitize(step.Duration).replace(/s$/, '');
  const parts: string[] = [];
  if (step.Days > 0) parts.push(plural(step.Days, unit));
  if ((step.Hours ?? 0) > 0) parts.push(plural(step.Hours ?? 0, 'hour'));
  if ((step.Minutes ?? 0) > 0) parts.push(plural(step.Minutes ?? 0, 'minute'));
  return parts.length === 0 ? 'no delay' : parts.join(' ');
}

export function sequenceLines(
  d: EmailSequenceDetail,
  width: number,
): { text: string; bold?: boolean; dim?: boolean }[] {
  const lines: { text: string; bold?: boolean; dim?: boolean }[] = [{ text: sanitize(d.Name), bold: true }];
  lines.push({ text: `created ${longDate(d.CreatedAt)} · ${plural(d.EmailFollowups.length, 'step')}`, dim: true });
  for (const step of [...d.EmailFollowups].sort((a, b) => a.Sequence - b.Sequence)) {
    lines.push({ text: '' });
    lines.push({ text: `Step ${step.Sequence} · after ${delayText(step)}`, bold: true });
    for (const l of wrap(`Subject: ${sanitize(step.Subject)}`, width)) lines.push({ text: l });
    const body = sanitize(htmlText(step.Content ?? ''), { multiline: true });
    for (const l of wrap(body === '' ? '(no content)' : body, width - 2))
      lines.push({ text: `  ${l}`, dim: body === '' });
  }
  return lines;
}

/** The list is loaded by whoever opens this (so it is loading from the first frame). */
export function Sequences({ width, height, onClose }: { width: number; height: number; onClose: () => void }) {
  const store = useBoardStore();
  const list = useBoard((s) => s.sequences);
  const open = useBoard((s) => s.sequence);
  const [scroll, setScroll] = useState(0);
  const lines = useMemo(() => (open?.data ? sequenceLines(open.data, width) : []), [open?.data, width]);
  // The list's keys and the reader's are two handlers: keys typed after the
  // Enter that opens one (or the q that goes back) wait for the other.
  const handoff = useKeyHandoff();
  const openHelp = useOpenHelp();
  // While the sequence loads its keys wait too: j then scrolls what arrives.
  useKeyHandler(
    (input, key) => {
      const action = actionFor('sequence', keyName(input, key));
      if (action === 'help') return openHelp('sequence');
      if (action === 'sequence.back') {
        handoff();
        return store.getState().closeSequence();
      }
      if (action === 'scroll.down') setScroll((v) => Math.min(v + 1, Math.max(0, lines.length - height + 1)));
      if (action === 'scroll.up') setScroll((v) => Math.max(0, v - 1));
    },
    open !== null,
    false,
    open?.loading === true,
  );

  if (open !== null) {
    const shown = lines.slice(scroll, scroll + height - 1);
    return (
      <Box flexDirection="column" height={height}>
        {open.data === null ? (
          <Text color={open.error ? color('error') : undefined}>{open.error ? `✗ ${open.error}` : 'loading…'}</Text>
        ) : (
          shown.map((l, i) => (
            <Text key={scroll + i} bold={l.bold} dimColor={l.dim}>
              {fit(l.text, width)}
            </Text>
          ))
        )}
        <Text dimColor>{fit('j/k scroll · Esc back to the list', width)}</Text>
      </Box>
    );
  }
  const items = list.items.map((s) => ({
    value: String(s.EmailTemplateId),
    label: `${sanitize(s.Name)} · ${sanitize(s.Subject)} · ${plural(s.TotalViewCount, 'view')} · last sent ${s.LastSent ? longDate(s.LastSent) : 'never'}`,
  }));
  return (
    <Picker
      title="Email sequences"
      items={items}
      width={width}
      height={height}
      loading={list.loading}
      status={
        list.error
          ? { text: list.error, error: true }
          : !list.loading && items.length === 0
            ? { text: 'No email sequences.' }
            : null
      }
      help="Enter steps · Esc close"
      onPick={(id) => {
        setScroll(0);
        handoff();
        void store.getState().openSequence(id);
      }}
      onCancel={onClose}
    />
  );
}
