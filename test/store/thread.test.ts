/**
 * The thread slice (store/thread.ts): a card's messages read once and kept,
 * a reply the service refuses rolled back with its words and a note that
 * the text is kept; against the recorded shapes of a server without the
 * routes, threads are asked for once and then said to be not offered.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createBoardStore, MutationError } from '../../src/store/index.js';
import { threadLines } from '../../src/ui/thread-lines.js';
import { useDemoService } from '../support/demo-service.js';
import { startRecordedService } from '../support/recorded-service.js';

const demo = useDemoService('store-thread');

describe('a card’s thread', () => {
  it('is read when wanted and kept; a reply the service refuses leaves nothing pending and says the text is kept', async () => {
    const store = await demo.open('Support Inbox');
    const cards = [...store.getState().view.cards.values()];
    let withThread: string | undefined;
    for (const c of cards) {
      await store.getState().loadThread(c.id);
      if ((store.getState().threads.get(c.id)?.messages?.length ?? 0) > 0) {
        withThread = c.id;
        break;
      }
    }
    expect(withThread, 'a demo card with a thread').toBeDefined();
    const id = withThread!;
    const entry = store.getState().threads.get(id)!;
    expect(entry).toMatchObject({ loading: false, error: null });
    expect(store.getState().threadsOffered).toBe(true);
    // Wanted again soon: the kept answer, not a second read.
    await store.getState().loadThread(id);
    expect(store.getState().threads.get(id)).toBe(entry);

    const sent = store.getState().sendReply(id, 'On its way.');
    expect(store.getState().pending.filter((m) => m.kind === 'reply')).toHaveLength(1);
    const e = await sent.then(
      () => null,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(MutationError);
    expect((e as MutationError).text).toBe('On its way.');
    expect(store.getState().pending).toEqual([]);
    expect(store.getState().lastError).toMatch(/^Reply not sent, kept as a draft: Replies are not set up/);
  });

  it('on a server without the routes: asked once, then not offered, and the detail says so', async () => {
    const svc = await startRecordedService();
    try {
      const store = createBoardStore(createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 }));
      await store.getState().openBoard(1);
      const ids = [...store.getState().view.cards.values()].slice(0, 2).map((c) => c.id);
      for (const id of ids) await store.getState().loadThread(id);
      expect(store.getState().threadsOffered).toBe(false);
      expect(svc.requests.filter((r) => r.path.includes('/messages'))).toHaveLength(1);
      const lines = threadLines(
        {
          entry: undefined,
          notOffered: true,
          sending: [],
          unfolded: false,
          newestFirst: false,
          unfoldKey: 'z',
        },
        80,
      ).map((l) => l.text);
      expect(lines).toContain('Thread       not offered by this server');
    } finally {
      await svc.close();
    }
  });
});
