/**
 * Who is on which card (the `presence` extension): this app says which card
 * it has open and whether a reply is being written there, again every
 * RENEW_MS while it lasts (the service forgets one not renewed within 30 s:
 * a quit, a crash, a lost network); teammates' presence on the open board is
 * read when the board opens, on every `presence` event and with each
 * renewal, so a lapsed one goes too. On a server without presence nothing is
 * said or shown, and nothing is asked again.
 */
import { randomUUID } from 'node:crypto';
import type { CardId } from '../api/read-model.js';
import type { Presence } from '../api/schema-events.js';
import type { Core, CoreData } from './core.js';
import { isServerId } from './pending-ids.js';

/** How often this app's presence is renewed and the board's read again. */
export const RENEW_MS = 10_000;

export interface PresenceData {
  /** Teammates (other sessions) on the open board's cards, unexpired when read; emails unsanitised. */
  presence: readonly Presence[];
}

export interface PresenceActions {
  /** This app now has `cardId` open (null: none), writing a reply there or not. */
  sayPresence(cardId: CardId | null, writing: boolean): void;
  /** Reads who is on the open board's cards (a `presence` event, the board opened). */
  loadPresence(): Promise<void>;
  /** The app is closing: say it left, once, as best it can. */
  leavePresence(): Promise<void>;
}

export function makePresence(core: Core<CoreData & PresenceData>, now: () => number = Date.now): PresenceActions {
  const session = randomUUID();
  let said: { cardId: CardId | null; writing: boolean } = { cardId: null, writing: false };
  let timer: NodeJS.Timeout | undefined;
  let off = false;

  const offered = () => !off && core.client.offers('presence') !== false;

  function send(): void {
    const { cardId, writing } = said;
    if (!offered()) return;
    core.client
      .setPresence({ Session: session, CardId: cardId === null ? null : cardId, Writing: writing })
      .catch(() => {
        // Not offered (the client remembers), or not reachable: said again at the next renewal.
        if (core.client.offers('presence') === false) off = true;
      });
  }

  async function loadPresence(): Promise<void> {
    const boardId = core.get().boardId;
    if (boardId === null || !offered()) return;
    try {
      const all = await core.client.listPresence(boardId);
      if (core.get().boardId !== boardId) return;
      const t = now();
      const others = all.filter((p) => p.Session !== session && Date.parse(p.Until) > t);
      const was = core.get().presence;
      if (others.length === 0 && was.length === 0) return;
      core.set({ presence: others });
    } catch {
      if (core.client.offers('presence') === false) off = true;
    }
  }

  function renew(): void {
    clearInterval(timer);
    timer = setInterval(() => {
      if (said.cardId !== null) send();
      void loadPresence();
    }, RENEW_MS);
    timer.unref();
  }

  return {
    sayPresence(cardId, writing) {
      const id = cardId !== null && isServerId(cardId) ? cardId : null;
      if (id === said.cardId && writing === said.writing) return;
      said = { cardId: id, writing: id !== null && writing };
      send();
      renew();
    },
    loadPresence,
    async leavePresence() {
      clearInterval(timer);
      if (said.cardId === null || !offered()) return;
      said = { cardId: null, writing: false };
      await core.client.setPresence({ Session: session, CardId: null }).catch(() => undefined);
    },
  };
}
