/**
 * Keys → text-input actions, through the app's key router (so nothing else
 * sees them while the prompt is open). Enter submits, Esc cancels; Ctrl+J or
 * a pasted line break inserts a new line where the field allows it.
 */
import { useRef, type Dispatch } from 'react';
import { useKeyHandler } from '../hooks/use-key-router.js';
import { actionFor, bindingFor, ctrlByte, editFor, keyName, promptEditBytes } from '../keymap.js';
import { textInputReducer, type TextInputAction, type TextInputState } from './use-text-input-state.js';

export interface UseTextInputOptions {
  state: TextInputState;
  dispatch: Dispatch<TextInputAction>;
  multiline: boolean;
  isActive: boolean;
  /** Saving: the prompt keeps the keys (held for it, see KeyRouter) rather than letting them reach the screen behind. */
  waiting?: boolean;
  onSubmit: (value: string) => void;
  /** Esc, with the text as it stood (a draft worth keeping). */
  onCancel: (value: string) => void;
  /** Ctrl+G: the text to edit elsewhere; returns what replaces it, or null to keep it (editor.ts). */
  editor?: (value: string) => string | null;
}

// The editing keys' bytes (Ctrl+A, Ctrl+W… and Backspace), from the keymap's prompt scope.
const EDIT_ACTIONS = promptEditBytes();
// Ctrl+G (the editor) read in a chunk of text is the key too, in its place.
const EDITOR_BYTE = ctrlByte(bindingFor('prompt', 'prompt.editor')?.keys[0] ?? '') ?? '';
const byteClass = [...EDIT_ACTIONS.keys(), EDITOR_BYTE]
  .filter((b) => b !== '')
  .map((b) => `\\x${b.charCodeAt(0).toString(16).padStart(2, '0')}`)
  .join('');
const KEY_BYTES = new RegExp(`[${byteClass}]`);
const KEY_SPLIT = new RegExp(`([${byteClass}])`);

export function useTextInput({
  state,
  dispatch: dispatchState,
  multiline,
  isActive,
  waiting = false,
  onSubmit,
  onCancel,
  editor,
}: UseTextInputOptions): void {
  // Keys can arrive faster than React renders (a paste, then Enter, in two
  // reads): the handler works on the latest text, applied as each key lands,
  // not on the value of the last render.
  const latest = useRef(state);
  latest.current = state;
  const dispatch = (action: TextInputAction): void => {
    latest.current = textInputReducer(latest.current, action);
    dispatchState(action);
  };
  useKeyHandler(
    (input, key) => {
      const name = keyName(input, key);
      const action = actionFor('prompt', name);
      if (action === 'prompt.submit') return onSubmit(latest.current.value);
      if (action === 'prompt.cancel') return onCancel(latest.current.value);
      if (action === 'prompt.editor') return editText();
      const edit = editFor(name);
      if (edit !== undefined) return dispatch(edit);
      if (key.ctrl || key.meta || key.upArrow || key.downArrow || key.tab || key.pageUp || key.pageDown) return;
      // Editing keys typed in the same read as text ("\x01URGENT " when Ctrl+A
      // and the typing land together) are keys, not text to drop: apply them
      // and the text between them in order. No paste holds them.
      if (input.length > 1 && KEY_BYTES.test(input)) {
        for (const part of input.split(KEY_SPLIT)) {
          if (part === '') continue;
          const edit = EDIT_ACTIONS.get(part);
          if (edit !== undefined) dispatch(edit);
          else if (part === EDITOR_BYTE) editText();
          else if (typeText(part)) return;
        }
        return;
      }
      typeText(input);
    },
    isActive,
    true,
    waiting,
  );

  /** Ctrl+G: the editor's text replaces the prompt's (the editor has said why when it doesn't). */
  function editText(): void {
    const text = editor?.(latest.current.value) ?? null;
    if (text !== null) dispatch({ type: 'replace', text, multiline });
  }

  /** Text read at once; returns whether it ended in Enter and was submitted. */
  function typeText(input: string): boolean {
    // Text typed faster than it is read arrives as one chunk; an Enter (CR)
    // that ends it is still Enter. Terminals send a pasted line break as CR
    // too, so a chunk with a CR inside is a paste of several lines: its last
    // line break is text as well, and a pasted paragraph is never sent
    // half-read. (Ctrl+J, a bare LF, is a typed new line, not a paste.)
    const pastedLines = input.slice(0, -1).includes('\r');
    if (input.length > 1 && input.endsWith('\r') && !(multiline && pastedLines)) {
      dispatch({ type: 'insert', text: input.slice(0, -1), multiline });
      onSubmit(latest.current.value);
      return true;
    }
    // A paste arrives whole, line breaks included.
    if (input !== '') dispatch({ type: 'insert', text: input, multiline });
    return false;
  }
}
