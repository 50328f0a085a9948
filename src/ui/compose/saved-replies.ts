/**
 * Saved replies in the reply composer (its `composer.saved` key): a picker
 * of the board's saved replies, each filled by the service for the card,
 * that filters as you type; the one picked goes in at the cursor. A
 * variable the service could not fill (a customer who gave no name) stays
 * as written, `{{customer.first_name}}`, and is named under the field;
 * sending with one left asks first.
 */
import type { CardId } from '../../api/read-model.js';
import type { FilledReply } from '../../api/schema-replies.js';
import { sanitize } from '../../text/sanitize.js';
import { SAVED_REPLY_VARIABLES, variablesOf } from '../../text/template.js';
import { truncate } from '../../text/width.js';
import { why, type Flow } from '../flows/flow.js';
import { openComposer, type Composer } from './composer.js';
import { letterFields } from './letter.js';

/** Why saved replies can't go in the composer, or null. */
export const savedRepliesUnavailable = (f: Flow): string | null =>
  f.store.getState().offers('savedReplies') === false ? 'Saved replies are not offered by this server' : null;

/** The saved-reply variables left unfilled in a text, as written there. */
export function unfilledIn(text: string): string[] {
  const known: readonly string[] = SAVED_REPLY_VARIABLES;
  return variablesOf(text).filter((v) => known.includes(v));
}

/** The words under the field while a variable is left: what the customer would see as written. */
export function unfilledWords(text: string): string {
  const left = unfilledIn(text);
  if (left.length === 0) return '';
  const list = left.map((v) => `{{${v}}}`).join(', ');
  return `⚠ not filled: ${sanitize(list)} (no value for this card; type it in, or it goes as written)`;
}

/** The picker; `value` and `cursor`: the composer's text and where its cursor stood. */
export function pickSavedReply(f: Flow, c: Composer, cardId: CardId, value: string, cursor: number): void {
  c.letter.text = value;
  let replies: FilledReply[] = [];
  const back = (error?: string) => {
    f.overlays.close(key);
    openComposer(f, c, { cursor, ...(error !== undefined ? { error } : {}) });
  };
  const items = () =>
    replies.map((r) => ({
      value: r.Id,
      label: `${sanitize(r.Name)} — ${truncate(sanitize(r.Text.replace(/\s+/g, ' ').trim()), 80)}`,
    }));
  const key = f.overlays.show({
    kind: 'pick',
    title: `Saved replies for ${c.title}`,
    items: [],
    loading: true,
    filterFirst: true,
    status: null,
    help: 'type to filter · Enter puts it in at the cursor · Esc back to the reply',
    onCancel: () => back(),
    onPick: (id) => {
      const r = replies.find((x) => x.Id === id);
      if (r === undefined) return;
      const text = c.letter.text;
      c.letter.text = text.slice(0, cursor) + r.Text + text.slice(cursor);
      cursor += r.Text.length;
      back();
    },
  });
  void f.store
    .getState()
    .savedReplies(cardId)
    .then(
      (list) => {
        replies = list;
        const none = list.length === 0;
        f.overlays.update(key, {
          items: items(),
          loading: false,
          status: none ? { text: 'This board has no saved replies yet (inboard replies add)' } : null,
        });
      },
      (e: unknown) => back(`Saved replies could not be read: ${why(e)}`),
    );
}

/** Sending with a variable left unfilled: asked first; No brings the composer back as it was. */
export function confirmUnfilled(f: Flow, c: Composer, send: () => void): void {
  const left = unfilledIn(c.letter.text);
  if (left.length === 0) return send();
  // Kept while asked: the app ending here loses nothing.
  f.overlays.drafts.keep({ ...c.keep.id, label: c.keep.label, fields: letterFields(c.letter) });
  const list = sanitize(left.map((v) => `{{${v}}}`).join(', '));
  const key = f.overlays.show({
    kind: 'confirm',
    question: `Send it with ${list} not filled in? The customer would read ${left.length === 1 ? 'it' : 'them'} as written.`,
    onNo: () => {
      f.overlays.close(key);
      openComposer(f, c, { error: `Not sent: ${list} not filled in` });
    },
    onYes: () => {
      f.overlays.close(key);
      f.overlays.drafts.drop(c.keep.id);
      send();
    },
  });
}
