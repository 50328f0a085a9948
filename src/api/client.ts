/**
 * `createClient`: the `Client` contract (types.ts) as a table of endpoints
 * over the request plumbing. wire.ts sends, retries and reads answers;
 * endpoints/ holds one small function per operation, grouped by resource,
 * each saying method, path, where its parameters go and how its answer is
 * read. A server that speaks other routes for an operation gets another
 * function of the same type in the table (operations.ts).
 */
import { attachmentEndpoints } from './endpoints/attachments.js';
import { cardExtensionEndpoints } from './endpoints/card-extensions.js';
import { boardAdminEndpoints } from './endpoints/board-admin.js';
import { boardEndpoints } from './endpoints/boards.js';
import { cardEndpoints } from './endpoints/cards.js';
import { commentEndpoints } from './endpoints/comments.js';
import { eventEndpoints } from './endpoints/events.js';
import { meEndpoints } from './endpoints/me.js';
import { messageEndpoints } from './endpoints/messages.js';
import { reportEndpoints } from './endpoints/reports.js';
import { searchEndpoints } from './endpoints/search.js';
import { presenceEndpoints } from './endpoints/presence.js';
import { sequenceEndpoints } from './endpoints/sequences.js';
import { tagEndpoints } from './endpoints/tags.js';
import { waitingEndpoints } from './endpoints/waiting.js';
import { historyEndpoints } from './endpoints/history.js';
import { rulesEndpoints } from './endpoints/rules.js';
import { replyEndpoints } from './endpoints/replies.js';
import { notificationEndpoints } from './endpoints/notifications.js';
import { withDialects } from './dragapp/choose.js';
import type { Endpoints, OperationName } from './operations.js';
import type { OnBackoff } from './retry.js';
import type { Client } from './types.js';
import { createWire, type WireOptions } from './wire.js';

export interface ClientOptions extends WireOptions {
  onBackoff?: OnBackoff;
}

/** Every operation as the /v2 reference (and the local service's extensions) route it. */
export const V2_ENDPOINTS: Endpoints<OperationName> = {
  ...boardEndpoints,
  ...boardAdminEndpoints,
  ...cardEndpoints,
  ...cardExtensionEndpoints,
  ...commentEndpoints,
  ...tagEndpoints,
  ...sequenceEndpoints,
  ...meEndpoints,
  ...messageEndpoints,
  ...attachmentEndpoints,
  ...presenceEndpoints,
  ...eventEndpoints,
  ...searchEndpoints,
  ...waitingEndpoints,
  ...reportEndpoints,
  ...historyEndpoints,
  ...rulesEndpoints,
  ...replyEndpoints,
  ...notificationEndpoints,
};

export function createClient(opts: ClientOptions): Client {
  // Read onBackoff at wait time: the store may attach it after creation.
  const wire = createWire(opts, (info) => client.onBackoff?.(info));
  // The routes are chosen by what the server answers: /v2, or DragApp's own (dragapp/choose.ts).
  const dialects = withDialects(wire, V2_ENDPOINTS);
  const client: Client = {
    ...dialects.operations,
    onBackoff: opts.onBackoff,
    offers: dialects.offers,
    raw: wire.raw,
  };
  return client;
}
