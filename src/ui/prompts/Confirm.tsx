/**
 * The one y/n confirm: its keys are the keymap's `confirm` scope (y yes; n or
 * Esc no); any other key does nothing, and the box says so. Lines under the
 * question say what the answer touches (the cards a bulk archive takes, how
 * many cards carry a tag), each cut to the box.
 */
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useKeyHandler } from '../hooks/use-key-router.js';
import { actionFor, displayKey, keyName } from '../keymap.js';
import { cellWidth, fit, truncate } from '../../text/width.js';
import { color } from '../theme.js';

export interface ConfirmProps {
  question: string;
  /** Terminal-safe lines under the question. */
  details?: readonly string[];
  width: number;
  onYes: () => void;
  onNo: () => void;
}

/** y/n keys, through the key router; `onOther` gets any other key's name. */
export function useConfirmInput(
  onYes: () => void,
  onNo: () => void,
  isActive = true,
  onOther?: (name: string) => void,
): void {
  useKeyHandler((input, key) => {
    const name = keyName(input, key);
    const action = actionFor('confirm', name);
    if (action === 'confirm.yes') onYes();
    else if (action === 'confirm.no') onNo();
    else onOther?.(name);
  }, isActive);
}

export function Confirm({ question, details = [], width, onYes, onNo }: ConfirmProps) {
  const [other, setOther] = useState<string | null>(null);
  useConfirmInput(onYes, onNo, true, setOther);
  // On the question's line: the box keeps its height.
  const said = other === null ? '' : ` ${other === '' ? 'That key' : displayKey(other)} does nothing here`;
  return (
    <Box borderStyle="round" flexDirection="column" width={width} paddingX={1}>
      <Text>
        {truncate(question, Math.max(1, width - 12 - cellWidth(said)))}
        <Text bold> [y/n]</Text>
        <Text color={color('warning')}>{said}</Text>
      </Text>
      {details.map((line, i) => (
        <Text key={i}>{fit(line, Math.max(1, width - 4))}</Text>
      ))}
    </Box>
  );
}
