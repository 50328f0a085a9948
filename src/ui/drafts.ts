/**
 * Text typed into a prompt and left with Esc (a comment, a note, a new
 * card's title and note…), kept by what it was for — the same card of the
 * same board of the same service — so reopening that prompt brings it back,
 * in this run and, through the drafts file (drafts-file.ts), the next one.
 *
 * run.tsx loads this run's drafts before the app mounts and hands them over
 * with `provideDrafts`; the app (useOverlays) takes them from there. Without
 * that (the UI tests), drafts live in memory for as long as the app is up.
 */
import { basename } from 'node:path';
import type { CardId } from '../api/read-model.js';
import { readDraftsFile, setAside, writeDraftsFile, type DraftKind, type StoredDraft } from './drafts-file.js';

export type { DraftKind } from './drafts-file.js';

/** What a draft is for. */
export interface DraftId {
  readonly kind: DraftKind;
  readonly board: number | null;
  readonly card: CardId | null;
}

export interface Draft extends DraftId {
  /** How the quit line names it: `comment on "Re: Invoice"`, `new card`. */
  readonly label: string;
  readonly fields: Readonly<Record<string, string>>;
}

const keyOf = (id: DraftId): string => JSON.stringify([id.kind, id.board, id.card]);
const sameAs = (id: DraftId) => (d: DraftId) => keyOf(d) === keyOf(id);

/** Where this run's drafts are written, and the service they belong to. */
export interface DraftsFileOf {
  readonly path: string;
  readonly scope: string;
}

export interface DraftsOptions {
  /** Where to keep them; none: in memory only. */
  file?: DraftsFileOf | null;
  loaded?: readonly Draft[];
  /** Why the saved drafts could not be read at start (said once on the status bar). */
  problem?: string | null;
  /** Why they can't be written (the quit line says so). */
  unsaved?: string | null;
}

export class Drafts {
  private readonly items = new Map<string, Draft>();
  private readonly file: DraftsFileOf | null;
  private problem: string | null;
  /** Why the last write failed (cleared by one that works): the quit line says so. */
  private unsaved: string | null;

  constructor(o: DraftsOptions = {}) {
    this.file = o.file ?? null;
    for (const d of o.loaded ?? []) this.items.set(keyOf(d), d);
    this.problem = o.problem ?? null;
    this.unsaved = o.unsaved ?? null;
  }

  get(id: DraftId): Draft | undefined {
    return this.items.get(keyOf(id));
  }

  list(): readonly Draft[] {
    return [...this.items.values()];
  }

  /**
   * Keeps `d` (in place of one for the same thing), on disk too. Returns why
   * the file couldn't take it, or null.
   */
  keep(d: Draft): string | null {
    const { kind, board, card, label, fields } = d;
    this.items.set(keyOf(d), { kind, board, card, label, fields: { ...fields } });
    return this.save((scope, list) => [
      ...list.filter((x) => x.scope !== scope || !sameAs(d)(x)),
      { scope, kind, board, card, label, fields },
    ]);
  }

  /** Forgets the draft for `id` (sent, or emptied), on disk too. */
  drop(id: DraftId): void {
    // Only what this run knows of: sending a comment with no draft writes nothing.
    if (!this.items.delete(keyOf(id))) return;
    this.save((scope, list) => list.filter((x) => x.scope !== scope || !sameAs(id)(x)));
  }

  /** The start-up problem, once. */
  takeProblem(): string | null {
    const p = this.problem;
    this.problem = null;
    return p;
  }

  /**
   * What to say once the terminal is restored: the drafts kept, or null for
   * none. A write that failed is tried once more first.
   */
  quitLine(): string | null {
    if (this.unsaved !== null) this.save((_, list) => [...list]);
    const all = this.list();
    const n = all.length;
    if (n === 0) return null;
    const shown = all.slice(0, 3).map((d) => d.label);
    if (n > 3) shown.push(`${n - 3} more`);
    const what = `${n} draft${n === 1 ? '' : 's'}`;
    if (this.unsaved !== null)
      return `${what} could not be saved (${this.unsaved}) and ${n === 1 ? 'is' : 'are'} lost: ${shown.join(', ')}`;
    return `${what} kept (${shown.join(', ')}) — ${n === 1 ? 'it comes back when you reopen it' : 'they come back when you reopen them'}`;
  }

  /**
   * Read, change, write: another inboard running meanwhile keeps its drafts
   * (and every other service's stay as they are). After a write that failed,
   * the next one writes every draft of this run, so none stays missing.
   */
  private save(change: (scope: string, list: readonly StoredDraft[]) => StoredDraft[]): string | null {
    if (this.file === null) return null;
    const { path, scope } = this.file;
    try {
      const now = readDraftsFile(path);
      // Never write over a file we can't read: set it aside first.
      if ('problem' in now && setAside(path) === null) throw new Error(`${path} is unreadable (${now.problem})`);
      let list = change(scope, 'drafts' in now ? now.drafts : []);
      if (this.unsaved !== null) {
        const mine = this.list().map((d) => ({ scope, ...d }));
        list = [...list.filter((x) => x.scope !== scope || !mine.some(sameAs(x))), ...mine];
      }
      writeDraftsFile(path, list);
      this.unsaved = null;
    } catch (e) {
      this.unsaved = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    }
    return this.unsaved;
  }
}

/**
 * This run's drafts of service `scope` from `path`. A file that can't be
 * read never stops the app: it starts without drafts, set aside so nothing
 * is overwritten, and the problem is said once (`takeProblem`).
 */
export function loadDrafts(path: string, scope: string): Drafts {
  const read = readDraftsFile(path);
  if ('drafts' in read) {
    const mine = read.drafts
      .filter((d) => d.scope === scope)
      .map(({ kind, board, card, label, fields }) => ({ kind, board, card, label, fields }));
    return new Drafts({ file: { path, scope }, loaded: mine });
  }
  const moved = setAside(path);
  const problem = `Couldn’t read the saved drafts (${read.problem}): starting without them`;
  // Not moved: keep this run's drafts in memory rather than write over it.
  if (moved === null)
    return new Drafts({ problem: `${problem}; new ones last until you quit`, unsaved: `${path} is unreadable` });
  return new Drafts({ file: { path, scope }, problem: `${problem} — set aside as ${basename(moved)}` });
}

let session: Drafts | null = null;

/** run.tsx: the drafts the app mounted next uses (null: in memory, the default). */
export function provideDrafts(d: Drafts | null): void {
  session = d;
}

/** The drafts provided for this run, if any. */
export const providedDrafts = (): Drafts | null => session;
