/**
 * Refreshes that overlap (`r`, the automatic one, the one a refused change
 * asks for) against the real local service: an older refresh's lists that
 * land after a newer refresh's are dropped, not put over them.
 */
import { describe, expect, it } from 'vitest';
import type { CardRow } from '../../src/api/read-model.js';
import type { Client } from '../../src/api/types.js';
import { createBoardStore } from '../../src/store/index.js';
import { useDemoService } from '../support/demo-service.js';

const demo = useDemoService('store-refresh-order');

interface Held {
  /** Lists read and held so far. */
  read(): number;
  /** Lists read from now on come back at once; those held stay held. */
  holdNoMore(): void;
  release(): void;
}

/** The real client; `hold()` keeps the card lists read from then on (a slow network) until released. */
function slowLists(client: Client): { client: Client; hold(): Held } {
  let gate: Promise<void> | null = null;
  let read = 0;
  return {
    client: {
      ...client,
      async listCards(...args: Parameters<Client['listCards']>): Promise<CardRow[]> {
        const held = gate;
        const rows = await client.listCards(...args);
        if (held !== null) {
          read++;
          await held;
        }
        return rows;
      },
    },
    hold() {
      let open = (): void => undefined;
      gate = new Promise<void>((r) => (open = r));
      return { read: () => read, holdNoMore: () => void (gate = null), release: () => open() };
    },
  };
}

const until = async (ok: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 5_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('overlapping refreshes', () => {
  it("an older refresh's lists landing after a newer one's leave the newer on the board", async () => {
    const { client, hold } = slowLists(demo.client({ maxAttempts: 1 }));
    const store = createBoardStore(client);
    await store.getState().loadBoards();
    await store.getState().openBoard(store.getState().boards.items[0]!.Id);
    const s = store.getState();
    const id = s.cursor.cardId!;
    const card = s.view.cards.get(id)!;
    const titleOf = () => store.getState().view.cards.get(id)?.title;
    expect(titleOf()).not.toBe('Renamed by a teammate');

    // The first refresh reads every list as it is now; its answers are slow to come back.
    const slow = hold();
    const older = store.getState().refresh();
    await until(() => slow.read() === s.columns.length, 'the older refresh read every list');
    slow.holdNoMore();

    // A teammate renames the card; a second refresh reads that and lands first.
    await demo.client().updateCard(id, {
      BoardId: s.boardId!,
      ColumnId: s.columns.find((c) => c.label === card.columnLabel)!.id,
      CardTitle: 'Renamed by a teammate',
    });
    await store.getState().refresh();
    expect(titleOf()).toBe('Renamed by a teammate');

    // The older lists land last, and are dropped.
    slow.release();
    await older;
    expect(titleOf()).toBe('Renamed by a teammate');
    expect(store.getState().boardError).toBeNull();
  });
});
