/**
 * The one y/n confirm: its keys are the keymap's `confirm` scope (y yes; n or
 * Esc no); other keys are ignored. Lines under the question say what the
 * answer touches (the cards a bulk archive takes, how many cards carry a
 * tag), each cut to the box.
 */
import { Box, Text } from 'ink';
import { useKeyHandler } from '../hooks/use-key-router.js';
import { actionFor, keyName } from '../keymap.js';
import { fit, truncate } from '../../text/width.js';

export interface ConfirmProps {
  question: string;
  /** Terminal-safe lines under the question. */
  details?: readonly string[];
  width: number;
  onYes: () => void;
  onNo: () => void;
}

/** y/n keys, through the key router. */
export function useConfirmInput(onYes: () => void, onNo: () => void, isActive = true): void {
  useKeyHandler((input, key) => {
    const action = actionFor('confirm', keyName(input, key));
    if (action === 'confirm.yes') onYes();
    else if (action === 'confirm.no') onNo();
  }, isActive);
}

export function Confirm({ question, details = [], width, onYes, onNo }: ConfirmProps) {
  useConfirmInput(onYes, onNo);
  return (
    <Box borderStyle="round" flexDirection="column" width={width} paddingX={1}>
      <Text>
        {truncate(question, Math.max(1, width - 12))}
        <Text bold> [y/n]</Text>
      </Text>
      {details.map((line, i) => (
        <Text key={i}>{fit(line, Math.max(1, width - 4))}</Text>
      ))}
    </Box>
  );
}
