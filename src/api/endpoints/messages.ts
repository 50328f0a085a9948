/**
 * The email behind a card, as the local service offers it (extensions
 * `messages` and `reply`): the thread, and a reply sent through the
 * server's SMTP relay. A server without the routes is asked once, then
 * refused at once ("… is not offered by this server").
 */
import { z } from 'zod';
import type { Endpoints } from '../operations.js';
import { BoardMailbox, CardMessage, OutboxItem, ReplyData, type ReplyInput } from '../schema-mail.js';
import { seg } from '../wire.js';

export const messageEndpoints: Endpoints<
  'listMessages' | 'replyToCard' | 'outboxItem' | 'takeBackReply' | 'listBoardMailboxes'
> = {
  listBoardMailboxes: (w, boardId, o) => {
    const path = `/v2/board/${seg(String(boardId))}/mailboxes`;
    return w.extension('mailboxes', 'GET', path, () => w.env(z.array(BoardMailbox), 'GET', path, { o }));
  },
  listMessages: (w, id, o) => {
    const path = `/v2/card/${seg(id)}/messages`;
    return w.extension('messages', 'GET', path, () => w.env(z.array(CardMessage), 'GET', path, { o }));
  },
  replyToCard: (w, id, body, o) => {
    const path = `/v2/card/${seg(id)}/reply`;
    return w.extension('reply', 'POST', path, () =>
      w.env(ReplyData, 'POST', path, { body: { ...body } satisfies ReplyInput, o }),
    );
  },
  outboxItem: (w, id, o) => {
    const path = `/v2/outbox/${seg(id)}`;
    return w.extension('outbox', 'GET', path, () => w.env(OutboxItem, 'GET', path, { o }));
  },
  takeBackReply: (w, id, o) => {
    const path = `/v2/outbox/${seg(id)}`;
    return w.extension('outbox', 'DELETE', path, () => w.env(OutboxItem, 'DELETE', path, { o }));
  },
};
