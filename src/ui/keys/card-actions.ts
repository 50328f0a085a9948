/**
 * The card keys, each declared once — key, action id, help, why it can't run
 * now, what it does — and bound by every screen that shows a card: the board
 * (the focused card, or the selected ones), the card detail (the open card)
 * and triage (the card on screen). A screen says only how it finds its
 * card(s) and what follows (`CardScreen`): triage counts what was done, the
 * detail closes once its card leaves. Modelled on lazygit's list controller,
 * whose bindings carry the reason they are disabled.
 */
import type { CardId } from '../../api/read-model.js';
import { addText, archive, editTitle } from '../flows/card-flows.js';
import { dueDate, dueUnavailable } from '../flows/due-flows.js';
import { moveTo } from '../flows/move-flows.js';
import { assignees } from '../flows/people-flows.js';
import { readUnavailable, toggleRead } from '../flows/read-flows.js';
import { forward, forwardUnavailable } from '../flows/forward-flows.js';
import { noThread, reply, replyUnavailable } from '../flows/reply-flows.js';
import { snoozeCard, snoozeUnavailable } from '../flows/snooze-flows.js';
import { tagPicker } from '../flows/tag-flows.js';
import type { Did } from '../triage-tally.js';
import type { ScreenKeys } from './context.js';
import type { Action, Group, ScreenBinding } from './types.js';

export type CardScope = 'board' | 'detail' | 'triage';

/** What a card action acts on: the screen's card(s), and what follows. */
export interface Targets {
  /** The card, or (for an action that takes several) the board's selected cards in board order. */
  readonly ids: readonly CardId[];
  /** The first card's title as stored (for a prompt or a question). */
  readonly title: string;
  /** Triage counts what was done to the card on screen; elsewhere nothing. */
  readonly record: (did: Did) => void;
  /** Once the card leaves what the screen shows (moved to another board, archived): the detail closes. */
  readonly leave: (() => void) | undefined;
}

/** Where one screen's binding of a card action differs: the detail's `e`, triage's `a`. */
export interface CardOverride {
  readonly help?: string;
  readonly unavailable?: (k: ScreenKeys, on: () => Targets) => string | null;
  readonly run?: (k: ScreenKeys, on: Targets) => void;
}

/** How a screen finds its card(s). */
export interface CardScreen {
  readonly scope: CardScope;
  /**
   * Why no card action can run now (no card focused, hidden by the filter,
   * triage done…), or null. `many`: the action takes a selection.
   */
  readonly unavailable: (k: ScreenKeys, many: boolean) => string | null;
  /** The card(s) acted on, once `unavailable` said null. */
  readonly targets: (k: ScreenKeys, many: boolean) => Targets;
  /** The screen has a selection of several cards: the help says so. */
  readonly selects: boolean;
  /** The card actions its footer hints. */
  readonly hinted: readonly Action[];
  readonly override?: Partial<Record<Action, CardOverride>>;
}

export interface CardAction {
  readonly action: Action;
  readonly keys: readonly string[];
  readonly group: Group;
  readonly help: string;
  /** The help on a screen with a selection, where the action takes it. */
  readonly helpMany?: string;
  /** Footer label, where a screen hints it. */
  readonly hint?: string;
  /** Takes the board's selected cards when there are some (else the focused one). */
  readonly many?: boolean;
  /** The screens that bind it: all three unless said. */
  readonly screens?: readonly CardScope[];
  /**
   * Why it can't run, beyond there being a card (the server doesn't offer
   * it, the card has no thread), or null; `on` gives the card(s) it would act on.
   */
  readonly unavailable?: (k: ScreenKeys, on: () => Targets) => string | null;
  readonly run: (k: ScreenKeys, on: Targets) => void;
}

const first = (on: Targets): CardId => {
  const id = on.ids[0];
  if (id === undefined) throw new Error('no card to act on');
  return id;
};

const DUE_HELP = 'due date (tomorrow, fri 17:00, +3d; empty clears)';

/** Every card action, in the order screens list them. */
export const CARD_ACTIONS: readonly CardAction[] = [
  {
    action: 'card.edit',
    keys: ['e'],
    group: 'Card',
    help: 'edit title',
    hint: 'edit',
    // Triage decides; a title is edited where the card is read whole.
    screens: ['board', 'detail'],
    run: (k, on) => editTitle(k.flow, first(on), on.title),
  },
  {
    action: 'card.comment',
    keys: ['c'],
    group: 'Card',
    help: 'comment',
    hint: 'comment',
    run: (k, on) => addText(k.flow, first(on), 'comment', () => on.record('commented')),
  },
  {
    action: 'card.note',
    keys: ['N'],
    group: 'Card',
    help: 'note',
    run: (k, on) => addText(k.flow, first(on), 'note', () => on.record('noted')),
  },
  {
    action: 'card.subtask',
    keys: ['s'],
    group: 'Card',
    help: 'sub-task',
    run: (k, on) => addText(k.flow, first(on), 'subTask', () => on.record('subTasks')),
  },
  {
    action: 'card.tags',
    keys: ['t'],
    group: 'Card',
    help: 'tags (Space marks several, Enter applies)',
    helpMany: 'tags of the card, or of the selected cards (Space marks several, Enter applies)',
    hint: 'tags',
    many: true,
    run: (k, on) => {
      // Counted from the board as it is after: a picker closed with Esc counts nothing.
      on.record('tagged');
      tagPicker(k.flow, on.ids);
    },
  },
  {
    action: 'card.assign',
    keys: ['@'],
    group: 'Card',
    help: 'assignees (Space marks several, Enter applies)',
    helpMany: 'assignees of the card, or of the selected cards (Space marks several, Enter applies)',
    many: true,
    run: (k, on) => {
      on.record('assigned');
      assignees(k.flow, on.ids);
    },
  },
  {
    action: 'card.moveTo',
    keys: ['m'],
    group: 'Move',
    help: 'move to another column or board',
    helpMany: 'move card (or the selected cards) to another column or board',
    many: true,
    // Triage moves with 1–9.
    screens: ['board', 'detail'],
    run: (k, on) => moveTo(k.flow, on.ids, on.leave),
  },
  {
    action: 'card.archive',
    keys: ['a'],
    group: 'Card',
    help: 'archive (asks y/n)',
    helpMany: 'archive, or the selected cards (asks y/n)',
    hint: 'archive',
    many: true,
    run: (k, on) => archive(k.flow, on.ids, on.title, on.leave),
  },
  {
    action: 'card.due',
    keys: ['D'],
    group: 'Card',
    help: DUE_HELP,
    unavailable: (k) => dueUnavailable(k.store),
    run: (k, on) => {
      on.record('dated');
      dueDate(k.flow, first(on));
    },
  },
  {
    action: 'card.read',
    keys: ['R'],
    group: 'Card',
    help: 'mark read / unread',
    unavailable: (k) => readUnavailable(k.store),
    run: (k, on) => toggleRead(k.flow, first(on)),
  },
  {
    action: 'card.snooze',
    keys: ['W'],
    group: 'Card',
    help: 'snooze: off the board until a time or the customer’s answer (tomorrow 9, fri, +3d, reply); u brings it back',
    unavailable: (k) => snoozeUnavailable(k.store.getState()),
    run: (k, on) =>
      snoozeCard(k.flow, first(on), () => {
        on.record('snoozed');
        on.leave?.();
      }),
  },
  {
    action: 'card.reply',
    keys: ['w'],
    group: 'Card',
    help: 'write a reply to the email thread (From, To, Cc and the signature shown as they will go; Enter adds a line, Ctrl+S sends)',
    hint: 'reply',
    // Where a card is read whole. Not `r`: that refreshes what is on screen, on every screen.
    screens: ['detail', 'triage'],
    unavailable: (k, on) => replyUnavailable(k.store, first(on())),
    run: (k, on) => reply(k.flow, first(on), () => on.record('replied')),
  },
  {
    action: 'card.forward',
    keys: ['f'],
    group: 'Card',
    help: 'forward the customer’s newest message with its files (To asked first; the text is a note above it)',
    screens: ['detail', 'triage'],
    unavailable: (k, on) => forwardUnavailable(k.store, first(on())),
    run: (k, on) => forward(k.flow, first(on), () => on.record('forwarded')),
  },
  {
    action: 'thread.unfold',
    keys: ['z'],
    group: 'Card',
    help: "show or fold the thread's quoted text and signatures",
    screens: ['detail', 'triage'],
    unavailable: (k, on) => noThread(k.store, first(on())),
    run: (k) => k.store.getState().toggleThreadFolds(),
  },
];

/** Whether a screen binds a card action. */
export const boundOn = (a: CardAction, scope: CardScope): boolean => a.screens?.includes(scope) ?? true;

/**
 * The card actions a screen binds, as its bindings: the screen's reason
 * first (no card), then the action's own (not offered); a key that runs
 * puts the error of an earlier attempt behind the user.
 */
export function cardBindings(screen: CardScreen): Omit<ScreenBinding<ScreenKeys>, 'scope'>[] {
  return CARD_ACTIONS.filter((a) => boundOn(a, screen.scope)).map((a) => {
    const o = screen.override?.[a.action] ?? {};
    const many = a.many === true;
    const own = o.unavailable ?? a.unavailable;
    const run = o.run ?? a.run;
    const help = o.help ?? (screen.selects && many ? (a.helpMany ?? a.help) : a.help);
    return {
      action: a.action,
      keys: a.keys,
      group: a.group,
      help,
      ...(a.hint !== undefined && screen.hinted.includes(a.action) ? { hint: a.hint } : {}),
      unavailable: (k: ScreenKeys) => screen.unavailable(k, many) ?? own?.(k, () => screen.targets(k, many)) ?? null,
      run: (k: ScreenKeys) => {
        k.store.getState().clearError();
        run(k, screen.targets(k, many));
      },
    };
  });
}
