/**
 * The email behind a card, as the local service offers it (extensions
 * `messages` and `reply`): the thread, and a reply sent through the
 * server's SMTP relay. A server without the routes is asked once, then
 * refused at once ("… is not offered by this server").
 */
import { z } from 'zod';
import type { Endpoints } from '../operations.js';
import {
  BoardMailbox,
  BoardSignature,
  CardMessage,
  type ComposeInput,
  type ForwardInput,
  OutboxItem,
  ReplyData,
  ReplyDefaults,
  type ReplyInput,
} from '../schema-mail.js';
import { seg } from '../wire.js';

export const messageEndpoints: Endpoints<
  | 'listMessages'
  | 'replyToCard'
  | 'replyDefaults'
  | 'forwardCard'
  | 'composeMail'
  | 'getBoardSignature'
  | 'setBoardSignature'
  | 'outboxItem'
  | 'takeBackReply'
  | 'listBoardMailboxes'
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
  replyDefaults: (w, id, o) => {
    const path = `/v2/card/${seg(id)}/reply-defaults`;
    return w.extension('reply', 'GET', path, () => w.env(ReplyDefaults, 'GET', path, { o }));
  },
  forwardCard: (w, id, body, o) => {
    const path = `/v2/card/${seg(id)}/forward`;
    return w.extension('forward', 'POST', path, () =>
      w.env(ReplyData, 'POST', path, { body: { ...body } satisfies ForwardInput, o }),
    );
  },
  composeMail: (w, boardId, body, o) => {
    const path = `/v2/board/${seg(String(boardId))}/compose`;
    return w.extension('compose', 'POST', path, () =>
      w.env(ReplyData, 'POST', path, { body: { ...body } satisfies ComposeInput, o }),
    );
  },
  getBoardSignature: (w, boardId, o) => {
    const path = `/v2/board/${seg(String(boardId))}/signature`;
    return w.extension('signature', 'GET', path, () => w.env(BoardSignature, 'GET', path, { o }));
  },
  setBoardSignature: (w, boardId, text, o) => {
    const path = `/v2/board/${seg(String(boardId))}/signature`;
    return text === null
      ? w.extension('signature', 'DELETE', path, () => w.env(BoardSignature, 'DELETE', path, { o }))
      : w.extension('signature', 'PUT', path, () => w.env(BoardSignature, 'PUT', path, { body: { Text: text }, o }));
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
