/**
 * A prompt's draft: what it is for and how it is named (`Keep`), kept when
 * the prompt closes with text in it (`keepDraft`) and brought back when the
 * same prompt opens again (`keptText`). The drafts themselves: ../drafts.ts.
 */
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import type { DraftId, Drafts } from '../drafts.js';

/** What `keepDraft` needs of a flow: the drafts, and a word to the status bar. */
interface DraftTeller {
  overlays: { drafts: Drafts };
  notify: (text: string) => void;
}

/** What `keptText` needs of a prompt (flow.ts `Ask`). */
interface DraftAsk {
  draft?: Keep | undefined;
  initial?: string | undefined;
  queued?: boolean | undefined;
}

/**
 * A draft: what it is for (the same card of the same board), how the quit
 * line names it, and the key that reopens it ("press c").
 */
export interface Keep {
  id: DraftId;
  label: string;
  reopen: string;
  /**
   * What is kept, given the text of this prompt: `{ text }` by default. A
   * flow of several steps keeps every step's text (a new card's title and
   * note) and seeds its steps itself.
   */
  fields?: (value: string) => Record<string, string>;
  /**
   * An edit of text the card already has (its title, a comment): Esc means
   * "leave it as it was" and forgets the edit; only the app ending with the
   * prompt open keeps it, and it then comes back in place of `initial` when
   * `matches` the draft's fields (the same comment).
   */
  edit?: { matches?: (fields: Readonly<Record<string, string>>) => boolean };
}

/** `"Re: Invoice #10482"`, as the quit line quotes a card (sanitised, cut by cells). */
export const quoted = (title: string): string => `"${truncate(sanitize(title), 40)}"`;

/** Keeps a draft and says so, or forgets it when nothing is left in it. */
export function keepDraft(f: DraftTeller, keep: Keep, fields: Record<string, string>): void {
  if (Object.values(fields).every((v) => v.trim() === '')) return f.overlays.drafts.drop(keep.id);
  const failed = f.overlays.drafts.keep({ ...keep.id, label: keep.label, fields });
  // An Esc meant for something else, or a reply put off, must not cost a
  // paragraph of typing: keep it, and say how to get it back.
  f.notify(
    failed === null
      ? `Draft kept — ${keep.reopen} to go on with it`
      : `Draft kept until you quit (couldn’t save it: ${failed}) — ${keep.reopen} to go on with it`,
  );
}

/** The text a kept draft brings back into this prompt, if any. */
export function keptText(a: DraftAsk, drafts: Drafts): string | undefined {
  const stored = a.draft === undefined ? undefined : drafts.get(a.draft.id);
  if (a.draft === undefined || stored === undefined) return undefined;
  const edit = a.draft.edit;
  // Reopened after a refusal, a prompt shows what was sent, not an older edit.
  if (edit !== undefined)
    return a.queued !== true && (edit.matches?.(stored.fields) ?? true) ? stored.fields.text : undefined;
  // A one-prompt draft comes back by itself; a flow of several steps seeds its steps.
  return a.draft.fields === undefined && a.initial === undefined ? stored.fields.text : undefined;
}
