/**
 * Snoozing: `W` takes the card off the board until a time (the due date's
 * words: `tomorrow 9`, `fri`, `+3d`), until the customer answers (`reply`),
 * or whichever comes first (`reply fri`) — shown as understood while it is
 * typed; the card leaves at once and `u` brings it back. `z` lists the
 * board's snoozed cards, soonest back first; Enter brings one back now.
 */
import { EXTENSION_WORDS } from '../../api/extension-words.js';
import type { CardId, SnoozedCard, SnoozedCardRow } from '../../api/read-model.js';
import { isUnreadable } from '../../api/read-model.js';
import type { BoardState, SnoozedList } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { parseSnoozeTerms } from '../../text/snooze-until.js';
import { truncate } from '../../text/width.js';
import { keyOf, press } from '../keys/active.js';
import type { PickOverlay } from '../overlay.js';
import type { PickItem } from '../prompts/types.js';
import { snoozeTerms } from '../waiting-words.js';
import { ask, quoted, type Flow } from './flow.js';

export const SNOOZE_NOT_OFFERED = `${EXTENSION_WORDS.snooze} is not offered by this server`;

/** Why `W` and `z` can't run here, or null: once the server has said it has no snooze. */
export const snoozeUnavailable = (s: Pick<BoardState, 'offers'>): string | null =>
  s.offers('snooze') === false ? SNOOZE_NOT_OFFERED : null;

const quote = (t: string): string => `“${truncate(sanitize(t), 60)}”`;

/**
 * `W`: until when, read as typed; Enter takes the card off the board at
 * once (`left`: the detail closes, triage goes on). A refusal puts the card
 * back and reopens the prompt with the text and the server's words.
 */
export function snoozeCard(f: Flow, cardId: CardId, left?: () => void): void {
  const s = f.store.getState();
  const title = s.view.cards.get(cardId)?.title ?? s.detail?.data?.TaskName ?? `card ${cardId}`;
  const read = (v: string) => parseSnoozeTerms(v, new Date());
  ask(f, {
    title: `Snooze ${quote(title)} until`,
    optimistic: true,
    help: 'tomorrow 9 · fri · +3d · reply: until the customer answers · reply fri: whichever comes first',
    draft: {
      id: { kind: 'snooze', board: s.boardId, card: cardId },
      label: `snooze of ${quoted(title)}`,
      reopen: press('board', 'card.snooze'),
      edit: {},
    },
    preview: (v) => {
      const r = read(v);
      return r.ok ? `→ ${r.words}` : '';
    },
    check: (v) => {
      const r = read(v);
      return r.ok ? null : r.error;
    },
    run: (v) => {
      const r = read(v);
      if (!r.ok) return Promise.reject(new Error(r.error));
      left?.();
      const until = r.untilMs === null ? null : new Date(r.untilMs).toISOString();
      return f.store.getState().snoozeCard(cardId, until, r.untilReply);
    },
    after: (v) => {
      const r = read(v);
      const undo = keyOf('board', 'undo');
      f.notify(
        `Snoozed ${quote(title)}${r.ok ? ` ${r.words}` : ''}${undo === null ? '' : ` — ${undo} brings it back`}`,
      );
    },
  });
}

const valueOf = (row: SnoozedCardRow, i: number): string =>
  isUnreadable(row) ? `unreadable:${i}` : `card:${row.ServiceTaskId}`;

function items(s: BoardState): PickItem[] {
  return s.snoozedCards.items.map((row, i) =>
    isUnreadable(row)
      ? {
          value: valueOf(row, i),
          label: sanitize(`${row.rawId ?? '(no id)'} — unreadable: ${row.unreadable}`),
          dim: true,
        }
      : {
          value: valueOf(row, i),
          label: [
            sanitize(row.TaskName),
            sanitize(row.ColumnName) || 'its column',
            row.Snoozed == null ? 'snoozed' : `back ${snoozeTerms(row.Snoozed).replace(/^until /, '')}`,
          ].join(' · '),
        },
  );
}

function status(l: SnoozedList): { text: string; error?: boolean } | null {
  if (l.error !== null) return { text: `Couldn’t load the snoozed cards: ${l.error}`, error: true };
  if (!l.loading && l.items.length === 0) return { text: 'No snoozed cards on this board.' };
  return null;
}

/** `z`: the board's snoozed cards, soonest back first; Enter brings the highlighted one back now. */
export function snoozedCards(f: Flow): void {
  const store = f.store;
  // Asked for before the list shows, so keys typed meanwhile wait for the rows (see Picker).
  void store.getState().loadSnoozed();
  let stop = (): void => undefined;
  const close = (): void => {
    stop();
    f.overlays.close(key);
  };
  const build = (): PickOverlay => {
    const s = store.getState();
    const l = s.snoozedCards;
    return {
      kind: 'pick',
      title: 'Snoozed cards, soonest back first — Enter brings one back now',
      items: items(s),
      loading: l.loading,
      status: status(l),
      help: l.error !== null ? 'r retry · Enter bring back · Esc close' : 'Enter bring back · Esc close',
      onCancel: close,
      onRetry: () => void store.getState().loadSnoozed(),
      onPick: (value) => {
        const row = store.getState().snoozedCards.items.find((r, i) => valueOf(r, i) === value);
        if (row === undefined || isUnreadable(row)) {
          f.overlays.update(key, {
            status: { text: 'This row could not be read: there is no card to bring back', error: true },
          });
          return;
        }
        close();
        wake(f, row);
      },
    };
  };
  const key = f.overlays.show(build());
  stop = store.subscribe((s, before) => {
    if (s.snoozedCards === before.snoozedCards) return;
    if (s.snoozedCards.unsupported) {
      close();
      f.notify(SNOOZE_NOT_OFFERED);
      return;
    }
    f.overlays.update(key, build());
  });
}

/** Enter: the card shows at once on top of its column; the board is then read to put it at its place. */
function wake(f: Flow, card: SnoozedCard): void {
  const s = f.store.getState();
  const column = s.columns.find((c) => c.label === card.ColumnId);
  s.dropSnoozed(card.ServiceTaskId);
  const label = column?.label ?? card.ColumnId ?? '';
  const where = column?.displayName ?? (sanitize(card.ColumnName) || 'its column');
  s.unsnoozeCard(card, label).then(
    () => {
      f.notify(`${quote(card.TaskName)} is back in ${where}`);
      // The server put it back where it was, not on top: the board read again shows it there.
      void f.store.getState().refresh();
    },
    () => undefined, // the status bar has the server's words, and the card is off the board again
  );
}
