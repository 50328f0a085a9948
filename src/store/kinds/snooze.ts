/**
 * The kinds of the `snooze` extension: a card snoozed leaves its column at
 * once (the server lists it nowhere until it wakes); taken back (`u`, or
 * from the board's snoozed cards) it returns where it was.
 */
import type { Card } from '../card.js';
import type { KindSpec } from '../mutation-kinds.js';
import { onCard, onScreen } from './context.js';

const NEEDS = { offers: ['snooze'], why: 'Snoozing cards is not offered by this server' } as const;

export const snooze: KindSpec<'snooze'> = {
  effect(d, _m, id) {
    if (d.get(id) !== undefined) d.remove(id);
  },
  request: (ctx, m) => {
    const id = ctx.realId(m.cardId);
    return ctx.client.snoozeCard(
      id,
      { Until: m.until, ...(m.untilReply ? { UntilReply: true } : {}) },
      onCard(ctx, id),
    );
  },
  identity: null,
  newCardId: null,
  // Snoozing twice is the same snooze: a resend after a lost answer is harmless, but a read tells.
  landed: async (ctx, m) => ((await ctx.client.getCard(ctx.realId(m.cardId))).Snoozed ?? null) !== null,
  readBack: null,
  detail: null,
  undo: {
    card: onScreen,
    describe: (_m, _card, say) => `snooze of ${say.title}`,
    inverse: (m, card, indexOf) => ({
      inverse: {
        kind: 'unsnooze',
        cardId: card.id,
        card,
        toColumn: card.columnLabel,
        toIndex: indexOf(card),
        ends: { until: m.until, untilReply: m.untilReply },
      },
      after: { onBoard: false },
      before: { onBoard: true, columnLabel: card.columnLabel },
    }),
    needs: NEEDS,
  },
};

/** The card as it comes back: as it was shown, no longer snoozed. */
const back = (card: Card, id: string, toColumn: string, boardId: number): Card => ({
  ...card,
  id,
  columnLabel: toColumn,
  boardId,
  ...(card.snoozed != null ? { snoozed: null } : {}),
  pending: false,
});

export const unsnooze: KindSpec<'unsnooze'> = {
  effect(d, m, id) {
    if (d.get(id) !== undefined || m.boardId === null) return;
    d.put(back(m.card, id, m.toColumn, m.boardId));
    d.attach(id, m.toColumn, m.toIndex);
  },
  request: (ctx, m) => {
    const id = ctx.realId(m.cardId);
    return ctx.client.unsnoozeCard(id, onCard(ctx, id));
  },
  identity: null,
  newCardId: null,
  // A second DELETE of a snooze already taken back is refused (409): read first.
  landed: async (ctx, m) => ((await ctx.client.getCard(ctx.realId(m.cardId))).Snoozed ?? null) === null,
  readBack: null,
  detail: null,
  undo: {
    // Not on the board before it comes back: the card as it was snoozed.
    card: (m) => m.card,
    describe: (_m, _card, say) => `return from snooze of ${say.title}`,
    inverse: (m, card) => ({
      inverse: { kind: 'snooze', cardId: card.id, until: m.ends.until, untilReply: m.ends.untilReply },
      after: { onBoard: true },
      before: { onBoard: false },
    }),
    needs: NEEDS,
  },
};
