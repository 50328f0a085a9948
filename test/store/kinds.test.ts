/**
 * The records of the mutation kinds (src/store/kinds/): each undoable kind's
 * inverse takes its effect back, and says truly how the card looks after it
 * and before; a record missing a part does not compile.
 */
import { describe, expect, it } from 'vitest';
import type { CardDetail } from '../../src/api/read-model.js';
import type { Card } from '../../src/store/card.js';
import { Draft, EMPTY_CARDS, type CardsState } from '../../src/store/draft.js';
import { applyEffect, kindOf } from '../../src/store/kinds/index.js';
import type { KindSpec, Look, Mutation, MutationInput } from '../../src/store/mutation-kinds.js';

const card: Card = {
  id: '7',
  title: 'Refund',
  displayTitle: 'Refund',
  columnLabel: 'Todo',
  boardId: 1,
  unread: true,
  assignees: ['ann@example.com'],
  tagIds: [1],
  owner: 'ann@example.com',
  createdAt: '2026-11-01T09:00:00.000Z',
  dueDate: null,
  pending: false,
};

/** Todo: a card above ours, ours; Done: one card. */
function board(): CardsState {
  const d = new Draft(EMPTY_CARDS);
  for (const c of [{ ...card, id: '6' }, card, { ...card, id: '8', columnLabel: 'Done' }]) {
    d.put(c);
    d.attach(c.id, c.columnLabel, 9);
  }
  return d.result();
}

const stamp = (input: MutationInput, seq: number): Mutation => ({ ...input, seq, boardId: 1 });

function run(state: CardsState, input: MutationInput, seq: number): CardsState {
  const d = new Draft(state);
  applyEffect(d, stamp(input, seq), 'cardId' in input ? input.cardId : card.id);
  return d.result();
}

/** The card in `state` as far as `look` speaks of it: equal to `look` when the card looks so. */
function lookOf(state: CardsState, look: Look): Look {
  const c = state.cards.get(card.id);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(look)) out[k] = k === 'onBoard' ? c !== undefined : c?.[k as keyof Card];
  return out;
}

const changes: MutationInput[] = [
  { kind: 'move', cardId: '7', toColumn: 'Done', toIndex: 0 },
  { kind: 'move', cardId: '7', toColumn: 'Todo', toIndex: 0 },
  { kind: 'editTitle', cardId: '7', title: 'Refund sent' },
  { kind: 'archive', cardId: '7' },
  { kind: 'setTags', cardId: '7', tagIds: [2, 3] },
  { kind: 'addTag', cardId: '7', tagId: 2 },
  { kind: 'setAssignees', cardId: '7', emails: null },
  { kind: 'setDue', cardId: '7', due: '2026-12-01T17:00:00.000Z' },
  { kind: 'setRead', cardId: '7', read: true },
  { kind: 'snooze', cardId: '7', until: '2026-12-04T08:00:00.000Z', untilReply: false },
  { kind: 'snooze', cardId: '7', until: null, untilReply: true },
];

describe('each kind’s undo record', () => {
  it.each(changes.map((c) => [`${c.kind} ${JSON.stringify(c).slice(0, 60)}`, c] as const))(
    '%s: the inverse takes the effect back, and after/before say how the card looks',
    (_, input) => {
      const before = board();
      const undo = kindOf(input).undo!;
      const shown = undo.card(input, (id) => before.cards.get(id));
      expect(shown).toBe(before.cards.get(card.id));
      const inverse = undo.inverse(input, shown!, (c) => before.order[c.columnLabel]!.indexOf(c.id));
      if (typeof inverse === 'string') throw new Error(inverse);
      const after = run(before, input, 1);
      expect(lookOf(after, inverse.after)).toEqual(inverse.after);
      const back = run(after, inverse.inverse, 2);
      expect(lookOf(back, inverse.before)).toEqual(inverse.before);
      expect(back.cards.get(card.id)).toEqual(before.cards.get(card.id));
      expect(back.order['Todo']).toEqual(before.order['Todo']);
    },
  );

  it('a restore is taken back by archiving, worked out from the card as it was archived', () => {
    const input: MutationInput = {
      kind: 'restore',
      cardId: '9',
      card: { ...card, id: '9' },
      toColumn: 'Todo',
      toIndex: 0,
    };
    const undo = kindOf(input).undo!;
    const shown = undo.card(input, () => undefined);
    expect(shown?.id).toBe('9');
    const inverse = undo.inverse(input, shown!, () => 0);
    expect(inverse).toMatchObject({ inverse: { kind: 'archive', cardId: '9' } });
    const after = run(board(), input, 1);
    expect(after.order['Todo']?.[0]).toBe('9');
    if (typeof inverse !== 'string') expect(run(after, inverse.inverse, 2).cards.get('9')).toBeUndefined();
  });

  it('a card back from the snoozed list is snoozed again by its undo, with the snooze it ended', () => {
    const snoozed = { Until: '2026-12-04T08:00:00.000Z', UntilReply: true, By: 'ann@example.com' };
    const input: MutationInput = {
      kind: 'unsnooze',
      cardId: '9',
      card: { ...card, id: '9', snoozed },
      toColumn: 'Todo',
      toIndex: 0,
      ends: { until: snoozed.Until, untilReply: true },
    };
    const undo = kindOf(input).undo!;
    const shown = undo.card(input, () => undefined);
    const inverse = undo.inverse(input, shown!, () => 0);
    expect(inverse).toMatchObject({
      inverse: { kind: 'snooze', cardId: '9', until: snoozed.Until, untilReply: true },
      after: { onBoard: true },
    });
    const after = run(board(), input, 1);
    expect(after.order['Todo']?.[0]).toBe('9');
    // On the board it is no longer snoozed.
    expect(after.cards.get('9')?.snoozed).toBeNull();
    if (typeof inverse !== 'string') expect(run(after, inverse.inverse, 2).cards.get('9')).toBeUndefined();
  });

  it('a sub-task tick is taken back on the detail', () => {
    const input: MutationInput = { kind: 'tickSubTask', cardId: '7', subTaskId: 1, done: true };
    const detail: CardDetail = {
      ServiceTaskId: '7',
      SubTasks: [{ SubTaskId: 1, Body: 'one', UserId: null, CreatedAt: null, Done: false }],
    };
    const inverse = kindOf(input).undo!.inverse(input, card, () => 0);
    if (typeof inverse === 'string') throw new Error(inverse);
    const ticked = kindOf(input).detail!(detail, input);
    expect(ticked.SubTasks?.[0]?.Done).toBe(true);
    expect(kindOf(inverse.inverse).detail!(ticked, inverse.inverse).SubTasks?.[0]?.Done).toBe(false);
  });

  it('a move to another board says why it is not undone here', () => {
    const input: MutationInput = { kind: 'move', cardId: '7', toColumn: 'Inbox', toIndex: 0, toBoardId: 2 };
    expect(kindOf(input).undo!.inverse(input, card, () => 0)).toBe('A move to another board is undone from that board');
  });

  it('creating and adding text are not undone but barriers, named; adding text is idempotent and read back', () => {
    for (const kind of ['comment', 'note', 'subTask'] as const) {
      const input: MutationInput = { kind, cardId: '7', text: 'hi' };
      const spec = kindOf(input);
      expect([spec.readBack, spec.identity === null]).toEqual(['detail', false]);
      expect(typeof spec.undo!.inverse(input, card, () => 0)).toBe('string');
    }
    const create: MutationInput = { kind: 'create', cardId: 'x', columnLabel: 'Todo', title: 't' };
    const made = kindOf(create).undo!.card(create, () => undefined)!;
    expect(made.title).toBe('t');
    expect(typeof kindOf(create).undo!.inverse(create, made, () => 0)).toBe('string');
  });
});

describe('a reply to the thread', () => {
  it('is a barrier for undo: recorded with why it cannot be taken back, idempotent, nothing on the row', () => {
    const input: MutationInput = { kind: 'reply', cardId: '7', text: 'Thanks', cc: [] };
    const spec = kindOf(input);
    expect(spec.undo!.card(input, (id) => board().cards.get(id))?.id).toBe('7');
    expect(spec.undo!.inverse(input, card, () => 0)).toBe('an email once sent cannot be called back');
    expect([spec.effect, spec.identity === null]).toEqual([null, false]);
  });
});

describe('the kind record type', () => {
  it('names a missing part at compile time (tsc --noEmit checks this file)', () => {
    const complete = kindOf({ kind: 'createColumn', name: 'Later' });
    // @ts-expect-error a record without `undo` (and its other parts) is refused
    const partial: KindSpec<'createColumn'> = { effect: null, request: complete.request };
    expect(partial.effect).toBeNull();
    expect(complete.readBack).toBe('columns');
  });
});
