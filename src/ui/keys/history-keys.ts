/**
 * `u` and `U`, the same on every screen that changes cards (the board, the
 * card detail, triage): undo and redo the user's own changes (store/undo.ts).
 */
import type { Outgoing } from '../../store/index.js';
import { type Flow } from '../flows/flow.js';
import { keepDraft, quoted } from '../flows/kept-drafts.js';
import { travel } from '../flows/history-flows.js';
import { reply, replyUnavailable } from '../flows/reply-flows.js';
import type { ScreenKeys } from './context.js';
import type { ScreenBinding } from './types.js';

type B = Omit<ScreenBinding<ScreenKeys>, 'scope'>;

/** A reply taken back: the composer again with its text, or (its card not open) kept as a draft that `w` brings back. */
function reopen(f: Flow, o: Outgoing): void {
  const fields = o.fields ?? { text: o.typed };
  if (replyUnavailable(f.store, o.cardId) === null) return reply(f, o.cardId, () => undefined, { fields });
  const title = f.store.getState().view.cards.get(o.cardId)?.displayTitle ?? o.to;
  const id = { kind: 'reply', board: f.store.getState().boardId, card: o.cardId } as const;
  keepDraft(f, { id, label: `reply on ${quoted(title)}`, reopen: 'open the card and press w' }, fields);
}

export const HISTORY_KEYS: readonly B[] = [
  {
    action: 'undo',
    keys: ['u'],
    group: 'Edit',
    help: 'undo your last change (move, archive, tags, title, due, read…); a reply still waiting to go: take it back',
    hint: 'undo',
    run: (k) => {
      // Like every key that moves on, it puts the last error behind the user.
      k.store.getState().clearError();
      travel(k.flow, true, (o) => reopen(k.flow, o));
    },
  },
  {
    action: 'redo',
    keys: ['U'],
    group: 'Edit',
    help: 'redo what u undid',
    run: (k) => {
      k.store.getState().clearError();
      travel(k.flow, false);
    },
  },
];
