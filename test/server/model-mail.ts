/**
 * Mail in the model (test/server/model.test.ts): a message delivered to a
 * board makes an unread card on top of its first column; an answer joins the
 * card of the message it answers, wherever the card went — unread again, and
 * back from the archive on top of its board's first column; the same message
 * delivered twice changes nothing.
 */
import { expect } from 'vitest';
import { rawMail } from '../support/mail.js';
import { at, cmd, status, type Model } from './model-commands.js';

/** card → the Message-IDs delivered onto it, per model (each run has its own). */
const threads = new WeakMap<Model, Map<number, string[]>>();
const threadsOf = (m: Model) => {
  let t = threads.get(m);
  if (t === undefined) threads.set(m, (t = new Map()));
  return t;
};
/** Message-IDs unique across runs: the service's database outlives each run. */
let sent = 0;

const boardOf = (m: Model, card: number) => m.boardOfColumn.get(m.columnOf.get(card) as number) as number;

export const mailNew = (b: number) =>
  cmd(
    `mailNew(${b})`,
    (m) => m.boards.length > 0,
    async (m, r) => {
      const board = at(m.boards, b);
      const id = `<model-${++sent}@customer.example>`;
      const res = await r.s.call('POST', '/v2/mail/inbound', {
        body: { BoardId: board, Message: rawMail({ subject: `mail ${sent}`, messageId: id }).toString('base64') },
      });
      const first = m.columnsOf.get(board)?.[0];
      if (first === undefined) return status(res, 409, 'mail to a board without columns');
      status(res, 200, 'mail in');
      const card = Number(res.json.data.CardId);
      m.cards.push(card);
      m.columnOf.set(card, first);
      m.order.get(first)?.unshift(card);
      m.unread.add(card);
      threadsOf(m).set(card, [id]);
      r.touched.push(card);
    },
  );

export const mailAnswer = (k: number, again: boolean) =>
  cmd(
    `mailAnswer(${k}, ${again})`,
    (m) => threadsOf(m).size > 0,
    async (m, r) => {
      const card = at([...threadsOf(m).keys()], k);
      const ids = threadsOf(m).get(card) as string[];
      const last = ids.at(-1) as string;
      // `again`: the newest message delivered a second time, as an MTA retrying would.
      const id = again ? last : `<model-${++sent}@customer.example>`;
      const raw = again
        ? rawMail({ subject: 'again', messageId: id, ...(ids.length > 1 ? { inReplyTo: ids.at(-2) } : {}) })
        : rawMail({ subject: 'Re: mail', messageId: id, inReplyTo: last });
      const res = await r.s.call('POST', '/v2/mail/inbound', {
        body: { BoardId: boardOf(m, card), Message: raw.toString('base64') },
      });
      status(res, 200, 'mail answer');
      r.touched.push(card);
      expect(res.json.data.CardId, 'the card an answer joins').toBe(String(card));
      expect(res.json.data.Duplicate, 'delivered twice is one message').toBe(again);
      if (again) return;
      ids.push(id);
      m.unread.add(card);
      if (m.archived.has(card)) {
        const first = (m.columnsOf.get(boardOf(m, card)) as number[])[0] as number;
        m.archived.delete(card);
        m.archivedSeq.delete(card);
        m.columnOf.set(card, first);
        m.order.get(first)?.unshift(card);
      }
    },
  );
