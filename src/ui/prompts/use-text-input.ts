/**
 * Keys → text-input actions, through the app's key router (so nothing else
 * sees them while the prompt is open). Enter submits, Esc cancels; Ctrl+J or
 * a pasted line break inserts a new line where the field allows it. Every
 * other key is text, an edit from the keymap, or said to do nothing here
 * (`onIgnored`): none is dropped without a word.
 */
import { useApp, useStdin, type Key } from 'ink';
import { useEffect, useRef, type Dispatch } from 'react';
import { useKeyHandler } from '../hooks/use-key-router.js';
import { actionFor, bindingFor, ctrlByte, editFor, keymapVersion, keyName, promptEditBytes } from '../keymap.js';
import { textInputReducer, type TextInputAction, type TextInputState } from './use-text-input-state.js';
import type { KeyTaken } from './types.js';

export interface UseTextInputOptions {
  state: TextInputState;
  dispatch: Dispatch<TextInputAction>;
  multiline: boolean;
  /**
   * The reply composer (scope `composer`): Enter adds a line, as in a mail
   * program, and only the composer's own send key (Ctrl+S) submits; Esc keeps
   * the text as a draft.
   */
  composer?: boolean;
  isActive: boolean;
  /** Saving: the prompt keeps the keys (held for it, see KeyRouter) rather than letting them reach the screen behind. */
  waiting?: boolean;
  onSubmit: (value: string) => void;
  /** Esc, with the text as it stood (a draft worth keeping). */
  onCancel: (value: string) => void;
  /** Ctrl+G: the text to edit elsewhere; returns what replaces it, or null to keep it (editor.ts). */
  editor?: (value: string) => string | null;
  /** Every change of the text, as it is made (before React draws it): a draft kept on the way out is never behind. */
  onEdit?: (value: string) => void;
  /** A key that does nothing in this prompt, by its keymap name ('' when it has none). */
  onIgnored?: (name: string, value: string) => void;
  /**
   * Keys of the prompt's own scope, offered before the text's (the search's
   * list keys, the filter's Tab): true when taken. Given the key's keymap
   * name and the text as it stands. `{insert}`: taken, and this text typed
   * in its place (a mention's completion on Tab). `cursor`: where the
   * cursor stands in the text (a saved reply goes in there).
   */
  onKey?: (name: string, value: string, cursor: number) => KeyTaken;
}

/**
 * Ink 6.8 reports Backspace (0x7f) and the Delete key (`ESC [3~`, with
 * modifiers `ESC [3;5~`) alike, as `key.delete` with no text. The raw read
 * tells them apart: it is seen here, before Ink's own listener makes the
 * key. A key the router held and hands over later is read as the last
 * delete-like key that arrived.
 */
let lastDelete: 'back' | 'forward' = 'back';
// eslint-disable-next-line no-control-regex
const FORWARD_DELETE = /^\x1b\[3(;\d+)?[~$^]$/;
function noteRaw(data: unknown): void {
  if (typeof data !== 'string') return;
  if (FORWARD_DELETE.test(data)) lastDelete = 'forward';
  else if (data === '\x7f' || data === '\x1b\x7f' || data === '\b') lastDelete = 'back';
}

/** The keymap's name for a key in a prompt: keyName, plus Delete, Alt+letter, Alt+Backspace and Ctrl/Alt+arrows. */
function promptKeyName(input: string, key: Key): string {
  if (key.delete || key.backspace) {
    if (key.delete && lastDelete === 'forward') return 'delete';
    return key.meta ? 'M-backspace' : 'backspace';
  }
  if ((key.leftArrow || key.rightArrow) && (key.ctrl || key.meta)) return key.leftArrow ? 'C-left' : 'C-right';
  if (key.meta && !key.escape && [...input].length === 1) return `M-${input.toLowerCase()}`;
  return keyName(input, key);
}

interface KeyBytes {
  /** The editing keys' bytes (Ctrl+A, Ctrl+W… and Backspace), from the keymap's prompt scope. */
  edits: Map<string, NonNullable<ReturnType<typeof editFor>>>;
  /** Ctrl+G (the editor) read in a chunk of text is the key too, in its place. */
  editor: ReadonlySet<string>;
  test: RegExp;
  split: RegExp;
  /** The composer's send key (Ctrl+S) read in a chunk of text: the text before it goes in, then it sends. */
  send: string;
}
let bytes: { version: number; of: KeyBytes } | null = null;

/** The key bytes of the keymap in force (the config's keys are put in force before the first prompt). */
function keyBytes(): KeyBytes {
  if (bytes !== null && bytes.version === keymapVersion()) return bytes.of;
  const edits = promptEditBytes();
  const editorKeys = bindingFor('prompt', 'prompt.editor')?.keys ?? [];
  const editor = new Set(editorKeys.map((k) => ctrlByte(k) ?? '').filter((b) => b !== ''));
  const byteClass = [...edits.keys(), ...editor]
    .map((b) => `\\x${b.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .join('');
  // No byte at all: a class that matches nothing.
  const cls = byteClass === '' ? '[^\\s\\S]' : `[${byteClass}]`;
  const send = ctrlByte(bindingFor('composer', 'composer.send')?.keys[0] ?? '') ?? '';
  const of = { edits, editor, test: new RegExp(cls), split: new RegExp(`(${cls})`), send };
  bytes = { version: keymapVersion(), of };
  return of;
}

export function useTextInput({
  state,
  dispatch: dispatchState,
  multiline,
  composer = false,
  isActive,
  waiting = false,
  onSubmit,
  onCancel,
  editor,
  onEdit,
  onIgnored,
  onKey,
}: UseTextInputOptions): void {
  const { internal_eventEmitter: events } = useStdin();
  const { exit } = useApp();
  useEffect(() => {
    // Before Ink's listener, which turns the read into a key.
    events.prependListener('input', noteRaw);
    return () => void events.removeListener('input', noteRaw);
  }, [events]);
  // Keys can arrive faster than React renders (a paste, then Enter, in two
  // reads): the handler works on the latest text, applied as each key lands,
  // not on the value of the last render.
  const latest = useRef(state);
  latest.current = state;
  const dispatch = (action: TextInputAction): void => {
    const before = latest.current;
    latest.current = textInputReducer(before, action);
    dispatchState(action);
    if (latest.current.value !== before.value) onEdit?.(latest.current.value);
  };
  useKeyHandler(
    (input, key) => {
      const name = promptKeyName(input, key);
      const taken = onKey?.(name, latest.current.value, latest.current.cursor) ?? false;
      if (taken === true) return;
      if (taken !== false) return dispatch({ type: 'insert', text: taken.insert, multiline });
      if (composer) {
        const own = actionFor('composer', name);
        if (own === 'composer.send') return onSubmit(latest.current.value);
        if (own === 'composer.keep') return onCancel(latest.current.value);
        if (own === 'composer.newline') return dispatch({ type: 'insert', text: '\n', multiline: true });
        const { send } = keyBytes();
        const sent = send === '' ? -1 : input.indexOf(send);
        if (sent !== -1 && input.length > 1) {
          typeChunk(input.slice(0, sent));
          return onSubmit(latest.current.value);
        }
      }
      const action = actionFor('prompt', name);
      if (action === 'prompt.submit') return onSubmit(latest.current.value);
      if (action === 'prompt.cancel') return onCancel(latest.current.value);
      if (action === 'prompt.editor') return editText();
      const edit = editFor(name);
      // Up and Down move between lines; a one-line field has none.
      const lines = edit?.type !== 'up' && edit?.type !== 'down';
      if (edit !== undefined && (multiline || lines)) return dispatch(edit);
      if (edit !== undefined) return onIgnored?.(name, latest.current.value);
      // Ctrl+J alone: a new line where the field has lines, else nothing.
      if (input === '\n' && !multiline) return onIgnored?.('C-j', latest.current.value);
      if (key.ctrl || key.meta || key.upArrow || key.downArrow || key.tab || key.pageUp || key.pageDown || input === '')
        return onIgnored?.(name, latest.current.value);
      // Ctrl+C read with text ("reply\x03" typed fast) is still Ctrl+C: the
      // text before it goes in (and is kept as a draft), then the app quits as
      // on Ctrl+C alone (App).
      const quit = input.indexOf('\x03');
      if (quit !== -1 && input.length > 1) {
        typeChunk(input.slice(0, quit));
        return exit();
      }
      typeChunk(input);
    },
    isActive,
    true,
    waiting,
  );

  /**
   * Text read at once. Editing keys typed in the same read as text
   * ("\x01URGENT " when Ctrl+A and the typing land together) are keys, not
   * text to drop: they apply with the text between them, in order. No paste
   * holds them.
   */
  function typeChunk(input: string): void {
    const kb = keyBytes();
    if (input.length > 1 && kb.test.test(input)) {
      for (const part of input.split(kb.split)) {
        if (part === '') continue;
        const edit = kb.edits.get(part);
        if (edit !== undefined) dispatch(edit);
        else if (kb.editor.has(part)) editText();
        else if (typeText(part)) return;
      }
      return;
    }
    typeText(input);
  }

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
    // half-read. (Ctrl+J, a bare LF, is a typed new line, not a paste.) A CR
    // alone here came after an editing key in one read ("\x15\r", Ctrl+U then
    // Enter): Enter too.
    const pastedLines = input.slice(0, -1).includes('\r');
    // In the composer an Enter is a line wherever it lands.
    if (input.endsWith('\r') && !composer && !(multiline && pastedLines)) {
      dispatch({ type: 'insert', text: input.slice(0, -1), multiline });
      onSubmit(latest.current.value);
      return true;
    }
    // A paste arrives whole, line breaks included.
    if (input !== '') dispatch({ type: 'insert', text: input, multiline });
    return false;
  }
}
