/**
 * Drafts on disk: `drafts.json` in the state dir (config/paths.ts
 * `stateDir`), one list for every service this machine talks to, each entry
 * tagged with its service (`scope`). Written whole, atomically (a temp file
 * renamed over it), mode 0600: drafts are customers' words. Read
 * tolerantly: an entry that doesn't parse is left out, a file that doesn't
 * is set aside (renamed, never overwritten) so nothing typed is lost.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stateDir } from '../config/paths.js';

// `title`, `commentEdit`, `due`, `snooze`, `boardName`, `members`, `columnName` and `targets`: an edit of what a card or board has, kept only when the app ended with it open.
export const DRAFT_KINDS = [
  'comment',
  'note',
  'subTask',
  'newCard',
  'newBoard',
  'newTag',
  'newColumn',
  'title',
  'commentEdit',
  'due',
  'reply',
  'forward',
  'mail',
  'boardName',
  'members',
  'columnName',
  'snooze',
  'targets',
] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** One draft as the file holds it. */
export interface StoredDraft {
  /** The service it was typed for (its URL, or the embedded service's database). */
  readonly scope: string;
  readonly kind: DraftKind;
  readonly board: number | null;
  /** Card ids are opaque strings, kept exactly. */
  readonly card: string | null;
  /** How the quit line names it: `comment on "Re: Invoice"`, `new card`. */
  readonly label: string;
  /** The text of each step: `{ text }`, `{ title, note }` for a new card, `{ text, comment }` for a comment's edit. */
  readonly fields: Readonly<Record<string, string>>;
}

export const draftsPath = (): string => join(stateDir(), 'drafts.json');

const VERSION = 1;

const isRecordOfStrings = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

function entry(v: unknown): StoredDraft | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const kind = DRAFT_KINDS.find((k) => k === o.kind);
  if (typeof o.scope !== 'string' || kind === undefined || typeof o.label !== 'string' || !isRecordOfStrings(o.fields))
    return null;
  const board =
    o.board === null || (typeof o.board === 'number' && Number.isSafeInteger(o.board)) ? o.board : undefined;
  const card = o.card === null || typeof o.card === 'string' ? o.card : undefined;
  if (board === undefined || card === undefined) return null;
  return { scope: o.scope, kind, board, card, label: o.label, fields: { ...o.fields } };
}

export type ReadResult = { drafts: StoredDraft[] } | { problem: string };

/** The file's drafts; none when there is no file yet; `problem` when it can't be read or isn't ours. */
export function readDraftsFile(path: string): ReadResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { drafts: [] };
    return { problem: (e as NodeJS.ErrnoException).code ?? (e as Error).message };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: 'not JSON' };
  }
  const o = data as { version?: unknown; drafts?: unknown } | null;
  if (typeof o !== 'object' || o === null || o.version !== VERSION || !Array.isArray(o.drafts)) {
    return { problem: `not a version ${VERSION} drafts file` };
  }
  return { drafts: o.drafts.map(entry).filter((d): d is StoredDraft => d !== null) };
}

/** Replaces the file with `drafts`, atomically. Throws what the file system said. */
export function writeDraftsFile(path: string, drafts: readonly StoredDraft[]): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ version: VERSION, drafts }, null, 2)}\n`, { mode: 0o600, flush: true });
  renameSync(tmp, path);
}

/**
 * Moves a file that could not be read out of the way (`drafts.unreadable-<time>.json`
 * beside it), so the next write doesn't destroy it. Returns its new name, or
 * null if it could not be moved.
 */
export function setAside(path: string): string | null {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const to = join(dirname(path), `drafts.unreadable-${stamp}.json`);
  try {
    renameSync(path, to);
    return to;
  } catch {
    return null;
  }
}
