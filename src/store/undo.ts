/**
 * Undo and redo of the user's own card changes in this run of the app:
 * move, reorder, archive, restore, title, tags, assignees, due date, read
 * state, sub-task ticks. Each change is recorded with its inverse, worked
 * out from the card as the screen showed it just before by its kind's undo
 * record (kinds/, UndoSpec in mutation-kinds.ts); `u` sends that
 * inverse through the mutation engine like any change (shown at once,
 * rolled back with the server's words if refused). Before undoing, the card
 * is compared with what the change left: if someone else changed it since
 * (seen on a refresh), the caller is told so and asked to confirm. What
 * cannot be taken back is a barrier: `u` names it and goes no further.
 */
import type { CardId } from '../api/read-model.js';
import { sanitize } from '../text/sanitize.js';
import { truncate } from '../text/width.js';
import type { Card } from './card.js';
import type { Core, CoreData } from './core.js';
import type { Engine } from './mutation-engine.js';
import { kindOf } from './kinds/index.js';
import type { Look, MutationInput } from './mutation-kinds.js';
import { cardChanged } from './undo-changed.js';
import type { Entry, History, HistoryData, HistoryOutcome, Step } from './undo-types.js';

export type { HistoryActions, HistoryData, HistoryOutcome, History } from './undo-types.js';
import { errorStatus, errorText } from './status.js';

/** How many changes back `u` can go. */
export const UNDO_DEPTH = 100;

const quoteTitle = (t: string): string => `“${truncate(sanitize(t), 40)}”`;

export function makeHistory(core: Core<CoreData & HistoryData>, engine: Engine): History {
  const past: Entry[] = [];
  const future: Entry[] = [];
  let group: { label: string; steps: Step[]; cannot: string | null } | null = null;

  const columnName = (label: string): string => core.get().columns.find((c) => c.label === label)?.displayName ?? label;
  const publish = (): void =>
    core.set({ history: { undo: past.at(-1)?.label ?? null, redo: future.at(-1)?.label ?? null } });

  /** Where the card is in its column, in the team's order (not the order of a sorted view). */
  const indexOf = (card: Card): number => {
    const view = core.get().view;
    return Math.max(0, (view.teamOrder ?? view.columns)[card.columnLabel]?.findIndex((c) => c.id === card.id) ?? 0);
  };

  /** Why this server cannot undo a step, checked when undoing (extensions are learnt as the app runs). */
  function unsupported(step: Step): string | null {
    const needs = kindOf(step.forward).undo?.needs;
    if (needs == null) return null;
    return needs.offers.some((ext) => core.client.offers(ext) === false) ? needs.why : null;
  }

  function record(entry: Entry): void {
    past.push(entry);
    if (past.length > UNDO_DEPTH) past.shift();
    future.length = 0;
    publish();
  }

  function forget(entry: Entry, from: Entry[]): void {
    const i = from.lastIndexOf(entry);
    if (i >= 0) from.splice(i, 1);
    publish();
  }

  function run(input: MutationInput, focus?: CardId, undoable = true): Promise<unknown> {
    const spec = undoable ? kindOf(input).undo : null;
    // The card as the screen showed it just before the change: what its inverse is worked out from.
    const card = spec?.card(input, (id) => core.get().view.cards.get(id));
    // Worked out before the change shows: the place it leaves is where the card is now.
    const inverse = spec == null || card === undefined ? undefined : spec.inverse(input, card, indexOf);
    const sent = engine.enqueue(input, focus);
    // What adds a column or a board has no undo record (no card): still a barrier, named.
    if (spec === null && undoable && 'name' in input)
      barrier(`creation of ${quoteTitle(input.name)}`, 'u does not take back a new column or board', sent);
    if (spec == null || card === undefined || inverse === undefined) return sent;
    const step: Step | string = typeof inverse === 'string' ? inverse : { cardId: card.id, forward: input, ...inverse };
    const label = spec.describe(input, card, { title: quoteTitle(card.title), column: columnName });
    const cannot = typeof step === 'string' ? step : null;
    if (group !== null) {
      if (typeof step === 'string') group.cannot = step;
      else group.steps.push(step);
      return sent;
    }
    const entry: Entry = {
      label,
      boardId: core.get().boardId,
      steps: typeof step === 'string' ? [] : [step],
      cannot,
      forward: input,
    };
    record(entry);
    // A change the server refused did not happen: nothing to undo.
    sent.catch(() => forget(entry, past));
    return sent;
  }

  /**
   * A change `u` cannot take back stays in the history as a barrier: `u`
   * says so there, and never reaches past it to undo an older change the
   * user no longer has in mind (a move before a tag was deleted).
   */
  function barrier(
    label: string,
    why: string,
    sent: Promise<unknown>,
    back?: (answer: unknown) => MutationInput | null,
  ): void {
    const entry: Entry = { label, boardId: core.get().boardId, steps: [], cannot: why };
    if (group !== null) group.cannot = why;
    else record(entry);
    sent.then(
      (answer) => {
        const inverse = back?.(answer) ?? null;
        const i = past.lastIndexOf(entry);
        if (inverse === null || i < 0) return;
        const step: Step = { cardId: null, forward: inverse, inverse, after: {}, before: {} };
        past[i] = { ...entry, steps: [step], cannot: null, noRedo: 'it was put back as a new one' };
        publish();
      },
      () => forget(entry, past),
    );
  }

  function together(label: string, fn: () => void): void {
    const outer = group;
    group = { label, steps: [], cannot: null };
    try {
      fn();
    } finally {
      const g = group;
      group = outer;
      if (g.steps.length > 0 || g.cannot !== null)
        record({ label: g.label, boardId: core.get().boardId, steps: g.steps, cannot: g.cannot });
    }
  }

  /** How the step's card differs from `want`, in words; null when it is as expected. */
  const changedSince = (step: Step, want: Look): string | null =>
    step.cardId === null ? null : cardChanged(core.get().view.cards.get(step.cardId), want, columnName, quoteTitle);

  /** Undo (`back`) or redo: the entry's steps sent in order, the entry moved to the other stack. */
  function travel(back: boolean, force: boolean): HistoryOutcome {
    const from = back ? past : future;
    const to = back ? future : past;
    const entry = from.at(-1);
    if (entry === undefined) return { nothing: back ? 'Nothing to undo' : 'Nothing to redo' };
    if (entry.boardId !== core.get().boardId)
      return { nothing: `The ${entry.label} was on another board: open it to ${back ? 'undo' : 'redo'}` };
    if (entry.cannot !== null) return { nothing: `Can’t ${back ? 'undo' : 'redo'}: ${entry.label} — ${entry.cannot}` };
    if (!back && entry.noRedo !== undefined) return { nothing: `Can’t redo: ${entry.label} — ${entry.noRedo}` };
    for (const step of entry.steps) {
      const why = unsupported(step);
      if (why !== null) return { nothing: why };
    }
    if (!force) {
      for (const step of entry.steps) {
        const diff = changedSince(step, back ? step.after : step.before);
        if (diff !== null)
          return {
            confirm: `${back ? 'Undo' : 'Redo'} the ${entry.label} anyway?`,
            because: `The card changed since: ${diff}.`,
          };
      }
    }
    from.pop();
    to.push(entry);
    publish();
    // Last change first when undoing, in order when redoing, one after another: each
    // step's position was taken with the steps before it applied (two archived cards
    // both "at the top"), so the server must see them in that order.
    const steps = back ? [...entry.steps].reverse() : entry.steps;
    const [first, ...rest] = steps;
    const send = (step: Step) => engine.enqueue(back ? step.inverse : step.forward, step.cardId ?? undefined);
    let chain: Promise<unknown> = first === undefined ? Promise.resolve() : send(first);
    for (const step of rest) chain = chain.then(() => send(step));
    // Refused: it did not happen, so it is still the one to undo (or redo) next. An
    // undo the server refused in its own words (a 4xx) will not work by asking
    // again: the entry becomes a barrier that says why, never a way past it.
    const settled = chain.then(
      () => undefined,
      (e: unknown) => {
        forget(entry, to);
        const status = errorStatus(e) ?? 0;
        const refused = back && status >= 400 && status < 500;
        from.push(refused ? { ...entry, cannot: `the server refused its undo (${errorText(e)})` } : entry);
        publish();
      },
    );
    return { done: `${back ? 'Undone' : 'Redone'}: ${entry.label}`, settled };
  }

  let learning: Promise<void> | null = null;
  function learnRestore(): Promise<void> {
    const boardId = core.get().boardId;
    if (learning !== null || boardId === null || core.client.offers('archivedCards') !== undefined)
      return learning ?? Promise.resolve();
    learning = core.client.listArchivedCards(boardId, 1, 1).then(
      () => undefined,
      () => {
        learning = null; // not offered (now known), or not now: asked again later
      },
    );
    return learning;
  }

  function forgetSent(matches: (m: MutationInput) => boolean): void {
    for (let i = past.length - 1; i >= 0; i--) {
      const forward = past[i]?.forward;
      if (forward !== undefined && matches(forward)) return forget(past[i] as Entry, past);
    }
  }

  return {
    run,
    barrier,
    forgetSent,
    actions: {
      undo: (force = false) => travel(true, force),
      redo: (force = false) => travel(false, force),
      together,
      learnRestore,
    },
  };
}
