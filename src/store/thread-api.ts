/**
 * The thread routes as the store calls them. Until the client carries them
 * (GET /v2/card/:id/messages, POST /v2/card/:id/reply), they are reached
 * through methods a client may lack; a client without them has no threads.
 */
import type { CardId } from '../api/tolerant.js';
import type { CardMessage } from '../api/schema-mail.js';
import type { Client } from '../api/types.js';

/** One message of a card's thread, as the service sends it. */
export type ThreadMessage = CardMessage;

interface ThreadClient {
  listMessages?: (cardId: CardId) => Promise<ThreadMessage[]>;
  replyToCard?: (
    cardId: CardId,
    body: { Body: string; Cc?: string[] },
    o?: { idempotencyKey?: string },
  ) => Promise<unknown>;
}

const unsupported = (): Error =>
  Object.assign(new Error('Email threads are not offered by this server'), { kind: 'unsupported' });

export function listThread(client: Client, cardId: CardId): Promise<ThreadMessage[]> {
  const c = client as unknown as ThreadClient;
  return c.listMessages?.(cardId) ?? Promise.reject(unsupported());
}

export function sendThreadReply(
  client: Client,
  cardId: CardId,
  body: { Body: string; Cc?: string[] },
  o?: { idempotencyKey: string },
): Promise<unknown> {
  const c = client as unknown as ThreadClient;
  return c.replyToCard?.(cardId, body, o) ?? Promise.reject(unsupported());
}
