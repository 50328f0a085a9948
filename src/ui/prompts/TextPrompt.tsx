/**
 * The one text prompt: every typed input in the app (titles, notes,
 * comments, names, emails, the filter). View + state hook + input hook, in
 * the style of @inkjs/ui. Widths are in cells; the line holding the cursor
 * scrolls horizontally so the cursor always shows.
 */
import { Box, Text } from 'ink';
import { useState } from 'react';
import { sanitize } from '../../text/sanitize.js';
import { graphemes } from '../../text/graphemes.js';
import { cellWidth, fit } from '../../text/width.js';
import { useEditor } from '../hooks/use-editor.js';
import { bindingFor, displayKey } from '../keymap.js';
import { useTextInput } from './use-text-input.js';
import type { KeyTaken } from './types.js';
import { useTextInputState } from './use-text-input-state.js';
import { color } from '../theme.js';

export interface TextPromptProps {
  title: string;
  initial?: string;
  /**
   * The initial text is shown selected (a value you'd likely retype, such as
   * a due date): the first character typed replaces it, Backspace or Delete
   * empties it, arrows and the other editing keys edit it.
   */
  selected?: boolean;
  /** Keep line breaks (notes, comments); titles and names are one line. */
  multiline?: boolean;
  /** The reply composer: Enter is a line, the send key sends (use-text-input.ts); its foot says so. */
  composer?: boolean;
  /** Shown under the field, in red: why the last submit failed. */
  error?: string | null;
  /**
   * Waiting for the server: "saving…" shows and keys typed meanwhile are held
   * (not sent to the screen behind): they apply once it answers — to the
   * prompt if it refused, else to what comes next. Esc still closes it.
   */
  busy?: boolean;
  /** What the foot says while busy (default "saving…"). */
  busyText?: string;
  /** A dim line under the field ("Enter to skip"). */
  help?: string;
  /** Terminal-safe lines between the title and the field (a reply's To, Cc and Subject). */
  details?: readonly string[];
  /** Terminal-safe dim lines under the field (a reply's files and signature). */
  below?: readonly string[];
  /** The keys line, when 'Enter save · Esc cancel' is not what they do. */
  foot?: string;
  /** What Enter does, for the keys line: 'jump', 'search' (default 'save'). */
  submit?: string;
  width: number;
  /** Lines of the field for multi-line prompts. */
  lines?: number;
  isActive?: boolean;
  onSubmit: (value: string) => void;
  /** Esc, with the text as it stood. */
  onCancel: (value: string) => void;
  /** Every change of the text as it is made (not the text it opens with), for live uses such as the filter. */
  onChange?: (value: string) => void;
  /** Keys of the prompt's own scope, before the text's: true when taken (use-text-input.ts). */
  onKey?: (name: string, value: string, cursor: number) => KeyTaken;
  /** Where the cursor stands as it opens (default: the end of `initial`). */
  cursor?: number;
}

/** The visible part of one line with the cursor drawn in, at most `width` cells. */
function windowed(line: string, cursor: number | null, width: number): { before: string; at: string; after: string } {
  const shown = (s: string) => sanitize(s);
  if (cursor === null) return { before: fit(shown(line), width), at: '', after: '' };
  let before = shown(line.slice(0, cursor));
  const rest = line.slice(cursor);
  const seg = graphemes().segment(rest)[Symbol.iterator]().next();
  const atRaw = seg.done ? ' ' : seg.value.segment;
  const at = shown(atRaw);
  const after = shown(rest.slice(seg.done ? 0 : atRaw.length));
  // Keep the cursor cell inside the window: drop cells from the left.
  const room = Math.max(1, width - cellWidth(at));
  if (cellWidth(before) > room) {
    const chars = [...graphemes().segment(before)].map((x) => x.segment);
    while (chars.length > 0 && cellWidth(chars.join('')) > room - 1) chars.shift();
    before = `…${chars.join('')}`;
  }
  const left = Math.max(0, width - cellWidth(before) - cellWidth(at));
  return { before, at, after: fit(after, left) };
}

/** `{{variable}}` as drawn: a saved reply's variable left unfilled, which would go to the customer as written. */
const VARIABLE = /(\{\{[^{}\s]*\}\})/;

/** Terminal-safe text with the composer's unfilled variables marked (coloured and underlined: seen without colour too). */
function marked(text: string, mark: boolean) {
  if (!mark || !text.includes('{{')) return text;
  return text.split(VARIABLE).map((part, i) =>
    i % 2 === 1 ? (
      <Text key={i} color={color('warning')} underline>
        {part}
      </Text>
    ) : (
      part
    ),
  );
}

/** The composer's foot, from the keymap: `Ctrl+S send · Enter new line · Ctrl+G editor · Esc keep as draft`. */
function composerFoot(): string {
  const say = (scope: 'composer' | 'prompt', action: Parameters<typeof bindingFor>[1], words: string) => {
    const key = bindingFor(scope, action)?.keys[0];
    return key === undefined ? '' : `${displayKey(key)} ${words}`;
  };
  return [
    say('composer', 'composer.send', 'send'),
    say('composer', 'composer.newline', 'new line'),
    say('prompt', 'prompt.editor', 'editor'),
    say('composer', 'composer.keep', 'keep as draft'),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function TextPrompt(p: TextPromptProps) {
  const composer = p.composer === true;
  const multiline = p.multiline === true || composer;
  const [state, dispatch] = useTextInputState(p.initial ?? '', p.selected === true, p.cursor);
  // A key that does nothing here, said in the foot until the next change of text.
  const [ignored, setIgnored] = useState<{ name: string; at: string } | null>(null);
  const active = p.isActive !== false && p.busy !== true;
  const edit = useEditor();
  // Why the editor's text did not come back (Ctrl+G), until the text changes.
  const [editorSaid, setEditorSaid] = useState<{ why: string; at: string } | null>(null);
  useTextInput({
    state,
    dispatch,
    multiline,
    composer,
    isActive: p.isActive !== false,
    waiting: p.busy === true,
    onSubmit: (value) => p.onSubmit(value),
    onCancel: p.onCancel,
    onEdit: (value) => p.onChange?.(value),
    onIgnored: (name, at) => setIgnored({ name, at }),
    ...(p.onKey !== undefined ? { onKey: p.onKey } : {}),
    editor: (value) => {
      const r = edit(value);
      setEditorSaid(r.ok ? null : { why: r.why, at: value });
      return r.ok ? r.text : null;
    },
  });

  const inner = Math.max(4, p.width - 4);
  const all = state.value.split('\n');
  const cursorLine = state.value.slice(0, state.cursor).split('\n').length - 1;
  const lineStart = state.value.lastIndexOf('\n', state.cursor - 1) + 1;
  const height = multiline ? Math.max(1, p.lines ?? 4) : 1;
  const top = Math.max(0, Math.min(cursorLine - height + 1, all.length - height));
  const rows = all.slice(top, top + height);
  while (rows.length < height) rows.push('');
  const foot = p.busy
    ? (p.busyText ?? 'saving…')
    : p.foot !== undefined
      ? p.foot
      : composer
        ? composerFoot()
        : `Enter ${p.submit ?? 'save'}${multiline ? ' · Ctrl+J new line · Ctrl+G editor' : ''} · Esc cancel`;
  const editorWhy = editorSaid !== null && editorSaid.at === state.value ? editorSaid.why : null;
  const ignoredKey =
    ignored !== null && ignored.at === state.value
      ? `${ignored.name === '' ? 'That key' : displayKey(ignored.name)} does nothing here`
      : null;
  return (
    <Box flexDirection="column" width={p.width}>
      <Box borderStyle="round" flexDirection="column" width={p.width} paddingX={1}>
        <Text bold>{fit(p.title, inner)}</Text>
        {p.details?.map((d, i) => (
          <Text key={`d${i}`} dimColor>
            {fit(d, inner)}
          </Text>
        ))}
        {rows.map((line, i) => {
          const n = top + i;
          if (state.selected === true)
            return (
              <Text key={n} inverse>
                {fit(sanitize(line), inner)}
              </Text>
            );
          const w = windowed(line, n === cursorLine && active ? state.cursor - lineStart : null, inner);
          return (
            <Text key={n}>
              {marked(w.before, composer)}
              <Text inverse>{w.at}</Text>
              {marked(w.after, composer)}
            </Text>
          );
        })}
        {p.below?.map((d, i) => (
          <Text key={`b${i}`} dimColor>
            {fit(d, inner)}
          </Text>
        ))}
        {editorWhy !== null ? (
          <Text color={color('error')}>{fit(`✗ ${editorWhy}`, inner)}</Text>
        ) : ignoredKey !== null ? (
          // First, then what the line said (a date's preview stays in view).
          <Text color={color('warning')}>{fit([ignoredKey, p.help, foot].filter(Boolean).join(' · '), inner)}</Text>
        ) : (
          <Text dimColor>{fit(p.help ? `${p.help} · ${foot}` : foot, inner)}</Text>
        )}
      </Box>
      {p.error ? <Text color={color('error')}>{fit(`✗ ${p.error}`, p.width)}</Text> : null}
    </Box>
  );
}
