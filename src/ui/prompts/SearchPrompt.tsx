/**
 * `F`: the query typed over its matches, the matches changing as it is
 * typed. The field is the one text prompt (TextPrompt: every editing key);
 * the keymap's `search` scope is offered each key first — ↑↓ (Ctrl+P/N)
 * and PgUp/PgDn move in the matches, Enter opens the one in focus, Esc
 * closes. A query the parser reads is asked for once typing pauses
 * (hooks/use-search-as-you-type.ts) and "searching…" shows while it is on
 * its way; one it can't read is not sent: the parser's words show under
 * the field, the text as typed, and the matches of the last query read
 * stay, headed by what they were found for.
 */
import { Box, Text } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SearchHit } from '../../api/read-model.js';
import type { SearchState } from '../../store/index.js';
import { fit } from '../../text/width.js';
import { wrap } from '../../text/wrap.js';
import { useSearchAsYouType } from '../hooks/use-search-as-you-type.js';
import { actionFor, hintsFor } from '../keymap.js';
import { hitLabel, matchesOf, readQuery, resultHeading, toAsk } from '../search-hits.js';
import { useBoard, useBoardStore } from '../store-context.js';
import { color } from '../theme.js';
import { TextPrompt } from './TextPrompt.js';

/** What the language offers, shown while nothing is typed. */
export const SEARCH_SYNTAX =
  'Type to search every board’s titles, notes, comments and email: words, "a phrase", -word, a OR b, ' +
  'from: to: subject: tag: assignee:me board: column: is:unread has:attachment before: after:';

export interface SearchPromptProps {
  title: string;
  /** The query it opens with (the board filter's words): asked for at once. */
  initial: string;
  width: number;
  height: number;
  /** Enter on a match. */
  onOpen: (hit: SearchHit) => void;
  onCancel: () => void;
}

/** The field's box: borders, title, the line typed, the line under it. */
const FIELD_ROWS = 5;

/** The line over the matches: what they were found for, and whether a newer query is on its way. */
function heading(s: SearchState, shown: number): { text: string; error?: boolean } | null {
  const busy = s.busy ? 'searching…' : null;
  if (s.error !== null && !s.busy)
    return { text: 'Not searched: the server’s words are on the status line', error: true };
  if (s.result === null || s.answered === null) return busy === null ? null : { text: busy };
  return { text: [resultHeading(s.result, s.answered, shown), busy].filter(Boolean).join(' · ') };
}

/** The foot of the field: the scope's keys, from the keymap. */
const footOf = (): string =>
  hintsFor('search')
    .map((h) => `${h.key} ${h.label}`)
    .join(' · ');

export function SearchPrompt(p: SearchPromptProps) {
  const store = useBoardStore();
  const search = useBoard((s) => s.search);
  const [text, setText] = useState(p.initial);
  const typed = useMemo(() => readQuery(text), [text]);
  const { now } = useSearchAsYouType(store, toAsk(typed));
  // The words it opens with are not being typed: asked for at once.
  useEffect(() => now(p.initial), [now, p.initial]);
  // However it closes, nothing it asked for is still awaited.
  useEffect(() => () => store.getState().endSearch(), [store]);
  const hits = useMemo(() => matchesOf(search.result), [search.result]);
  // The focus, of the matches it was moved in: new matches start at their first.
  const [focus, setFocus] = useState<{ of: readonly SearchHit[]; at: number }>({ of: hits, at: 0 });
  const at = focus.of === hits ? Math.min(focus.at, Math.max(0, hits.length - 1)) : 0;
  // Why Enter did nothing, until the text changes.
  const [nudge, setNudge] = useState<{ text: string; at: string } | null>(null);
  const listRows = Math.max(1, p.height - FIELD_ROWS - (typed.kind === 'bad' ? 1 : 0) - 1);
  // Keys read faster than React draws see what the key before did.
  const latest = useRef({ hits, at });
  latest.current = { hits, at };

  const move = (by: number): void => {
    const { hits: list, at: from } = latest.current;
    if (list.length === 0) return;
    const to = Math.max(0, Math.min(list.length - 1, from + by));
    latest.current = { hits: list, at: to };
    setFocus({ of: list, at: to });
  };
  const pick = (value: string): void => {
    const hit = latest.current.hits[latest.current.at];
    if (hit !== undefined) return p.onOpen(hit);
    const q = readQuery(value);
    if (q.kind === 'empty') return setNudge({ text: 'Type what to search for, or press Esc to close', at: value });
    // The parser's words are already under the field.
    if (q.kind === 'ok') now(value);
  };
  const onKey = (name: string, value: string): boolean => {
    switch (actionFor('search', name)) {
      case 'list.prev':
        move(-1);
        return true;
      case 'list.next':
        move(1);
        return true;
      case 'page.up':
        move(-listRows);
        return true;
      case 'page.down':
        move(listRows);
        return true;
      case 'list.pick':
        pick(value);
        return true;
      case 'list.close':
        p.onCancel();
        return true;
      default:
        return false;
    }
  };

  const head = heading(search, hits.length);
  const top = Math.max(0, Math.min(at - listRows + 1, hits.length - listRows));
  const nudged = nudge !== null && nudge.at === text ? nudge.text : null;
  const below =
    nudged !== null
      ? [nudged]
      : text.trim() === '' && search.result === null
        ? wrap(SEARCH_SYNTAX, p.width).slice(0, listRows)
        : [];
  return (
    <Box flexDirection="column" width={p.width} height={p.height}>
      <TextPrompt
        title={p.title}
        initial={p.initial}
        error={typed.kind === 'bad' ? typed.error : null}
        busy={false}
        {...(typed.kind === 'ok' ? { help: `reads: ${typed.understood}` } : {})}
        foot={footOf()}
        width={p.width}
        onSubmit={pick}
        onCancel={p.onCancel}
        onChange={setText}
        onKey={onKey}
      />
      {head !== null ? (
        <Text color={head.error === true ? color('error') : undefined} dimColor={head.error !== true}>
          {fit(head.error === true ? `✗ ${head.text}` : head.text, p.width)}
        </Text>
      ) : null}
      {below.map((line, i) => (
        <Text key={`b${i}`} dimColor>
          {fit(line, p.width)}
        </Text>
      ))}
      {hits.slice(top, top + listRows).map((h, i) => {
        const focused = top + i === at;
        return (
          <Text key={`${h.ServiceTaskId}:${top + i}`} color={focused ? color('accent') : undefined} bold={focused}>
            {fit(`${focused ? '›' : ' '} ${hitLabel(h)}`, p.width)}
          </Text>
        );
      })}
    </Box>
  );
}
