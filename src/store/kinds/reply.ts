/**
 * A reply to the card's email thread: sent once however often it is resent
 * (identity), drawn in the thread while pending (the screens read `pending`),
 * then read back with the thread (thread.ts). Nothing on the card row
 * changes. An email once sent cannot be called back: its undo record says
 * so, and `u` stops there instead of reaching past it.
 */
import type { KindSpec } from '../mutation-kinds.js';
import { onScreen } from './context.js';

export const reply: KindSpec<'reply'> = {
  effect: null,
  // Mail is not held back by a change to the card meanwhile (no If-Match); the version it leaves is kept.
  request: (ctx, m, o) => {
    const id = ctx.realId(m.cardId);
    const heard = { ...o, onVersion: (v: number) => ctx.sawVersion(id, v) };
    return ctx.client.replyToCard(
      id,
      {
        Body: m.text,
        ...(m.mail !== undefined ? m.mail : m.cc.length > 0 ? { Cc: [...m.cc] } : {}),
        // What its writer had read of the thread: the service holds it when more came since.
        ...(m.seen !== undefined ? { Seen: m.seen } : {}),
        ...(m.sendAnyway === true ? { SendAnyway: true } : {}),
      },
      heard,
    );
  },
  // Files by name and length: the same reply however often it is resent, without hashing megabytes.
  identity: (m, _boardId, resolve) => [
    resolve(m.cardId),
    m.text,
    m.cc,
    ...(m.mail === undefined
      ? []
      : [
          m.mail.To ?? null,
          m.mail.Cc ?? null,
          m.mail.Bcc ?? null,
          (m.mail.Attachments ?? []).map((a) => [a.Name, a.Content.length]),
          m.mail.Signature ?? null,
        ]),
  ],
  newCardId: null,
  landed: null,
  readBack: null,
  detail: null,
  undo: {
    card: onScreen,
    describe: (_m, _card, say) => `reply on ${say.title}`,
    inverse: () => 'an email once sent cannot be called back',
    needs: null,
  },
};
