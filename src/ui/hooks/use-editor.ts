/**
 * Ctrl+G's hand-over of the terminal to the editor (editor.ts): Ink's raw
 * mode off (Ink stops reading keys) and the main screen while it runs; then
 * raw mode and the alternate screen back, and a full redraw, since the
 * screen was left blank.
 */
import { useStdin, useStdout } from 'ink';
import { useCallback } from 'react';
import { editInEditor, type Edited } from '../editor.js';
import { lendTerminal, reclaimTerminal } from '../terminal.js';

export function useEditor(): (text: string) => Edited {
  const { setRawMode, isRawModeSupported } = useStdin();
  const { write } = useStdout();
  return useCallback(
    (text: string) =>
      editInEditor(text, {
        suspend: () => {
          if (isRawModeSupported) setRawMode(false);
          lendTerminal();
        },
        resume: () => {
          reclaimTerminal();
          if (isRawModeSupported) setRawMode(true);
          // Ink writes '' and then its last frame whole, as after any write of its own.
          write('');
        },
      }),
    [setRawMode, isRawModeSupported, write],
  );
}
