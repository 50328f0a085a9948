/**
 * The app's client as a server without card versions would leave it: reads
 * carry no `Version`, so no write is sent with `If-Match` (the service then
 * writes as before). `sent` records the versions writes were sent with and
 * `cardReads` counts card reads, for tests that tell the two paths apart.
 */
import { isUnreadable, type CardDetail, type CardRow } from '../../src/api/read-model.js';
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
}

/** `versions: false` strips versions from every read; true leaves them and only watches. */
export function watchVersions(client: Client, versions: boolean): Watched {
  const sent: (number | undefined)[] = [];
  let cardReads = 0;
  const note = (o: CallOptions | undefined) => sent.push(o?.ifMatch);
  const w: Client = {
    ...client,
    offers: (ext) => client.offers(ext),
    raw: (...a) => client.raw(...a),
    getCard: async (id, o) => {
      cardReads += 1;
      const d: CardDetail = await client.getCard(id, o);
      return versions ? d : bare(d);
    },
    listCards: async (...a) => {
      const rows: CardRow[] = await client.listCards(...a);
      return versions ? rows : rows.map((r) => (isUnreadable(r) ? r : bare(r)));
    },
    updateCard: (id, body, o) => (note(o), client.updateCard(id, body, o)),
    moveCard: (body, o) => (note(o), client.moveCard(body, o)),
    setDueDate: (id, due, o) => (note(o), client.setDueDate(id, due, o)),
  };
  return {
    client: w,
    sent,
    get cardReads() {
      return cardReads;
    },
  };
}
