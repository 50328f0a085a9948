/** The one y/n confirm. `y` confirms; `n` or Esc declines; other keys are ignored. */
import { Box, Text } from 'ink';
import { useKeyHandler } from '../hooks/use-key-router.js';
import { truncate } from '../../text/width.js';

export interface ConfirmProps {
  question: string;
  width: number;
  onYes(): void;
  onNo(): void;
}

/** y/n keys, through the key router. */
export function useConfirmInput(onYes: () => void, onNo: () => void, isActive = true): void {
  useKeyHandler((input, key) => {
    if (input === 'y' || input === 'Y') onYes();
    else if (input === 'n' || input === 'N' || key.escape) onNo();
  }, isActive);
}

export function Confirm({ question, width, onYes, onNo }: ConfirmProps) {
  useConfirmInput(onYes, onNo);
  return (
    <Box borderStyle="round" width={width} paddingX={1}>
      <Text>
        {truncate(question, Math.max(1, width - 12))}
        <Text bold> [y/n]</Text>
      </Text>
    </Box>
  );
}
