/**
 * Triage's keys (`i` on the board): one key per decision on the card on
 * screen — a digit moves it to that column, `a` archives it (no y/n: `u`
 * brings it back), and the walk goes on; the card keys of the board act on
 * it and stay; Space/j and k walk; Esc goes back to the board.
 */
import type { CardId } from '../../api/read-model.js';
import { archive } from '../flows/card-flows.js';
import { snoozeCard } from '../flows/snooze-flows.js';
import type { Triage } from '../triage.js';
import { truncate } from '../../text/width.js';
import { cardBindings, type CardScreen, type Targets } from './card-actions.js';
import type { ScreenKeys } from './context.js';
import { HISTORY_KEYS } from './history-keys.js';
import { CARD_REFRESH_KEY } from './refresh-keys.js';
import type { ScreenBinding } from './types.js';

type B = ScreenBinding<ScreenKeys>;

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

const session = (k: ScreenKeys): Triage => {
  const t = k.triage.session();
  if (t === null) throw new Error('triage is not open');
  return t;
};

/** Why no key can act on the card on screen, or null. */
function noCard(k: ScreenKeys): string | null {
  const t = k.triage.session();
  if (t === null) return 'Triage is not open';
  const s = k.store.getState();
  const id = t.current();
  if (id === null)
    return t.phase(s) === 'loading' ? 'Loading more cards of this column…' : 'Column done — Esc goes back to the board';
  return s.view.cards.get(id) === undefined
    ? 'This card is no longer on the board (archived elsewhere): Space for the next one'
    : null;
}

/**
 * Why a decision (a move, an archive) can't be made now: on top of noCard,
 * the card must have been on screen long enough to be seen — a key pressed
 * twice must not move the next card, which nobody has looked at yet.
 */
function undecided(k: ScreenKeys): string | null {
  return (
    noCard(k) ?? (session(k).seen() ? null : 'That card was not on screen yet when the key was typed: nothing changed')
  );
}

const current = (k: ScreenKeys): CardId => {
  const id = session(k).current();
  if (id === null) throw new Error('no card in triage');
  return id;
};
const titleOf = (k: ScreenKeys, id: CardId): string => k.store.getState().view.cards.get(id)?.title ?? '';
/** A card title quoted for a notice (the store's displayTitle is terminal-safe). */
const quote = (k: ScreenKeys, id: CardId): string =>
  `“${truncate(k.store.getState().view.cards.get(id)?.displayTitle ?? `card ${id}`, 50)}”`;

/** A card key: the error of an earlier attempt goes once the user acts again. */
const onCard = (run: (k: ScreenKeys, id: CardId, t: Triage) => void) => (k: ScreenKeys) => {
  k.store.getState().clearError();
  run(k, current(k), session(k));
};

function moveUnavailable(k: ScreenKeys): string | null {
  const why = undecided(k);
  if (why !== null) return why;
  const s = k.store.getState();
  const n = Number(k.key);
  const target = s.columns[n - 1];
  if (target === undefined)
    return `This board has ${s.columns.length} ${s.columns.length === 1 ? 'column' : 'columns'}: no column ${n}`;
  return s.view.cards.get(current(k))?.columnLabel === target.label
    ? `Already in ${target.displayName}: Space leaves it there and goes on`
    : null;
}

/**
 * `a` in triage: no y/n, the walk goes on, `u` brings the card back — but
 * where `u` cannot, one key must not lose a card: then it asks.
 */
function archiveAndGoOn(k: ScreenKeys, on: Targets): void {
  const id = on.ids[0];
  if (id === undefined) return;
  const t = session(k);
  const s = k.store.getState();
  if (s.offers('restoreCard') === false || s.offers('archivedCards') === false)
    return archive(k.flow, [id], on.title, () => {
      on.record('archived');
      t.step(1);
    });
  on.record('archived');
  const said = `Archived ${quote(k, id)} — u brings it back`;
  s.archiveCard(id).catch(() => t.refusedOn(id, on.title));
  k.flow.notify(said);
  t.step(1);
}

/** Triage's card is the one on screen; what a card key did is counted on the progress line. */
export const TRIAGE_CARDS: CardScreen = {
  scope: 'triage',
  unavailable: noCard,
  targets: (k) => {
    const id = current(k);
    const t = session(k);
    return { ids: [id], title: titleOf(k, id), record: (did) => t.record(id, did), leave: undefined };
  },
  selects: false,
  hinted: ['card.archive', 'card.tags', 'card.reply'],
  override: {
    'card.snooze': {
      help: 'snooze the card until a time or the customer’s answer (tomorrow 9, fri, +3d, reply), and go on',
      run: (k, on) => {
        const t = session(k);
        snoozeCard(k.flow, on.ids[0] ?? current(k), () => {
          on.record('snoozed');
          t.step(1);
        });
      },
    },
    'card.archive': {
      help: 'archive the card, and go on (no y/n: u brings it back)',
      unavailable: undecided,
      run: archiveAndGoOn,
    },
  },
};

export const TRIAGE_KEYS: readonly B[] = (
  [
    {
      action: 'triage.move',
      keys: DIGITS,
      group: 'Move',
      help: 'move the card to the top of that column of the board, and go on',
      hint: 'move to',
      hintKey: '1–9',
      unavailable: moveUnavailable,
      run: onCard((k, id, t) => {
        const s = k.store.getState();
        const target = s.columns[Number(k.key) - 1];
        if (target === undefined) return;
        const title = titleOf(k, id);
        t.record(id, 'moved');
        s.moveCard(id, target.label, 0).catch(() => t.refusedOn(id, title));
        k.flow.notify(`Moved ${quote(k, id)} to ${target.displayName}`);
        t.step(1);
      }),
    },
    ...cardBindings(TRIAGE_CARDS),
    CARD_REFRESH_KEY,
    {
      action: 'card.next',
      keys: [' ', 'j'],
      group: 'Navigate',
      help: 'next card (this one stays where it is)',
      hint: 'next',
      hintKey: 'Space',
      unavailable: (k) => (session(k).current() === null ? noCard(k) : null),
      run: (k) => {
        k.store.getState().clearError();
        session(k).step(1);
      },
    },
    {
      action: 'card.prev',
      keys: ['k'],
      group: 'Navigate',
      help: 'previous card still in the column',
      unavailable: (k) => (session(k).hasPrevious() ? null : 'This is the first card of the column'),
      run: (k) => {
        k.store.getState().clearError();
        session(k).step(-1);
      },
    },
    {
      action: 'scroll.down',
      keys: ['down'],
      group: 'Navigate',
      help: 'scroll the card down',
      run: (k) => session(k).scrollBy(1),
    },
    {
      action: 'scroll.up',
      keys: ['up'],
      group: 'Navigate',
      help: 'scroll the card up',
      run: (k) => session(k).scrollBy(-1),
    },
    {
      action: 'scroll.pageDown',
      keys: ['pagedown'],
      group: 'Navigate',
      help: 'scroll the card a screen down',
      run: (k) => session(k).scrollBy(k.pageRows),
    },
    {
      action: 'scroll.pageUp',
      keys: ['pageup'],
      group: 'Navigate',
      help: 'scroll the card a screen up',
      run: (k) => session(k).scrollBy(-k.pageRows),
    },
    ...HISTORY_KEYS,
    {
      action: 'triage.back',
      keys: ['esc', 'q'],
      group: 'App',
      help: 'back to the board, the cursor on this card (or where triage ended)',
      hint: 'board',
      hintKey: 'Esc',
      run: (k) => k.triage.leave(),
    },
  ] satisfies Omit<B, 'scope'>[]
).map((b): B => ({ ...b, scope: 'triage' }));
