/**
 * The app's client as a server without card versions would leave it: reads
 * carry no `Version`, so no write is sent with `If-Match` (the service then
 * writes as before). `sent` records the versions writes were sent with and
 * `cardReads` counts card reads, for tests that tell the two paths apart;
 * `calls` has the card reads and writes in the order they were made
 * (`read <id>`, `write <id>`).
 */
import { isUnreadable, type CardDetail, type CardId, type CardRow } from '../../src/api/read-model.js';
import type { CallOptions, Client } from '../../src/api/types.js';

const bare = <T extends { Version?: number }>(v: T): T => {
  const { Version: _dropped, ...rest } = v;
  return rest as T;
};

export interface Watched {
  client: Client;
  /** `If-Match` of each card write, in order (undefined: sent without). */
  readonly sent: (number | undefined)[];
  /** GET /v2/card/:id calls so far. */
  readonly cardReads: number;
  /** Each GET /v2/card/:id (`read <id>`) and card write (`write <id>`), in order. */
  readonly calls: readonly string[];
}

/** `versions: false` strips versions from every read; true leaves them and only watches. */
export function watchVersions(client: Client, versions: boolean): Watched {
  const sent: (number | undefined)[] = [];
  let cardReads = 0;
  const calls: string[] = [];
  const note = (id: CardId, o: CallOptions | undefined) => (calls.push(`write ${id}`), sent.push(o?.ifMatch));
  const w: Client = {
    ...client,
    offers: (ext) => client.offers(ext),
    raw: (...a) => client.raw(...a),
    getCard: async (id, o) => {
      cardReads += 1;
      calls.push(`read ${id}`);
      const d: CardDetail = await client.getCard(id, o);
      return versions ? d : bare(d);
    },
    listCards: async (...a) => {
      const rows: CardRow[] = await client.listCards(...a);
      return versions ? rows : rows.map((r) => (isUnreadable(r) ? r : bare(r)));
    },
    updateCard: (id, body, o) => (note(id, o), client.updateCard(id, body, o)),
    moveCard: (body, o) => (note(body.Id, o), client.moveCard(body, o)),
    setDueDate: (id, due, o) => (note(id, o), client.setDueDate(id, due, o)),
  };
  return {
    client: w,
    sent,
    calls,
    get cardReads() {
      return cardReads;
    },
  };
}
