/**
 * Presence (extension `presence`): this TUI's open card and whether it is
 * writing a reply (`PUT /v2/presence`), and who is on the board's cards
 * (`GET /v2/board/:id/presence`).
 */
import { z } from 'zod';
import type { Endpoints } from '../operations.js';
import { Presence, type PresenceInput } from '../schema-events.js';
import { seg } from '../wire.js';

export const presenceEndpoints: Endpoints<'setPresence' | 'listPresence'> = {
  setPresence: (w, body, o) =>
    w.extension('presence', 'PUT', '/v2/presence', async () => {
      await w.change('PUT', '/v2/presence', { body: { ...body } satisfies PresenceInput, o });
    }),
  listPresence: (w, boardId, o) => {
    const path = `/v2/board/${seg(String(boardId))}/presence`;
    return w.extension('presence', 'GET', path, () => w.env(z.array(Presence), 'GET', path, { o }));
  },
};
