/**
 * Text typed into a prompt and left with Esc (a comment, a note, a new
 * card's title and note…), kept by what it was for — the same card of the
 * same board of the same service — so reopening that prompt brings it back,
 * in this run and, through the drafts file (drafts-file.ts), the next one.
 *
 * The app ending with a prompt open keeps its text the same way, whichever
 * way it ends: q, Ctrl+C, a signal (SIGTERM, SIGHUP) or a crash. Each open
 * prompt `hold`s its text here as it is typed; the quit line keeps what is
 * held first, and a process exit that never reached the quit line (a signal,
 * a crash) keeps it and says so from the process's `exit` event.
 *
 * run.tsx loads this run's drafts before the app mounts and hands them over
 * with `provideDrafts`; the app (useOverlays) takes them from there. Without
 * that (the UI tests), drafts live in memory for as long as the app is up.
 */
import { basename } from 'node:path';
import type { CardId } from '../api/read-model.js';
import { readDraftsFile, setAside, writeDraftsFile, type DraftKind, type StoredDraft } from './drafts-file.js';
import { restoreTerminal } from './terminal.js';

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

/** What an open prompt would keep now (null: nothing typed worth keeping). */
export type Held = () => Draft | null;

export class Drafts {
  private readonly items = new Map<string, Draft>();
  /** The prompts open now, by a number of their own. */
  private readonly held = new Map<number, Held>();
  private holds = 0;
  private saidLine = false;
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
    // Kept last: the quit line names the latest ones when there are many.
    this.items.delete(keyOf(d));
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

  /**
   * An open prompt's text, kept if the app ends before the prompt is done
   * with. Returns the release, for when it is sent, cancelled or moves on.
   */
  hold(take: Held): () => void {
    const id = ++this.holds;
    this.held.set(id, take);
    return () => void this.held.delete(id);
  }

  /** Whether the quit line has been said (the exit event then says only what was kept after it). */
  get said(): boolean {
    return this.saidLine;
  }

  /** Keeps what the open prompts hold (the app is ending). Returns how many were kept. */
  keepHeld(): number {
    let n = 0;
    for (const take of this.held.values()) {
      const d = take();
      if (d === null) continue;
      this.keep(d);
      n++;
    }
    this.held.clear();
    return n;
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
    this.keepHeld();
    this.saidLine = true;
    if (this.unsaved !== null) this.save((_, list) => [...list]);
    const all = this.list();
    const n = all.length;
    if (n === 0) return null;
    // The ones kept last: what was typed just now is named, not an older draft.
    const shown = all.slice(-3).map((d) => d.label);
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

let provided: Drafts | null = null;
let listening = false;

/**
 * The process is ending (a signal, a crash, or after the quit line): what
 * open prompts still hold is kept, synchronously, and said on the restored
 * terminal — unless the quit line has said it all already.
 */
function atExit(): void {
  const d = provided;
  if (d === null) return;
  const late = d.keepHeld();
  if (d.said && late === 0) return;
  const line = d.quitLine();
  restoreTerminal();
  try {
    if (line !== null) process.stdout.write(`${line}\n`);
  } catch {
    // The terminal is gone (SIGHUP): the drafts are on disk all the same.
  }
}

/** run.tsx: the drafts the app mounted next uses (null: in memory, the default). */
export function provideDrafts(d: Drafts | null): void {
  provided = d;
  if (d !== null && !listening) {
    listening = true;
    process.on('exit', atExit);
  }
}

/** The drafts provided for this run, if any. */
export const providedDrafts = (): Drafts | null => provided;
