/**
 * Reading the focused card's detail ahead (store/detail-prefetch.ts,
 * store/detail-cache.ts) against the real local service: the cache fills
 * once the cursor rests, Enter draws the notes from it at once and still
 * asks again, and the card's own changes, a refresh and politeness rules
 * keep it honest. Nothing here asserts a time: tests wait for what the
 * prefetcher did (the requests it sent) and a short idle keeps them quick.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CardDetail, CardId } from '../../src/api/read-model.js';
import type { Client } from '../../src/api/types.js';
import { createBoardStore, isPendingId, type BoardStore } from '../../src/store/index.js';
import { DetailCache, sameDetail } from '../../src/store/detail-cache.js';
import { useDemoService } from '../support/demo-service.js';

const demo = useDemoService('store-prefetch');
const IDLE_MS = 10;
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

interface Reads {
  /** Card ids of every GET /v2/card/:id sent, in order. */
  sent: CardId[];
  /** …and of those answered. */
  answered: CardId[];
  /** Holds the next note or card creations until released (a slow server). */
  hold(what: 'addNote' | 'createCard'): () => void;
}

/** The real client, with its card reads counted and note and card creations holdable. */
function watched(client: Client): { client: Client; reads: Reads } {
  const gates = new Map<string, Promise<void>>();
  const reads: Reads = {
    sent: [],
    answered: [],
    hold(what) {
      let open = (): void => undefined;
      gates.set(what, new Promise<void>((r) => (open = r)));
      return () => {
        gates.delete(what);
        open();
      };
    },
  };
  const wrapped: Client = {
    ...client,
    async getCard(id, o): Promise<CardDetail> {
      reads.sent.push(id);
      const d = await client.getCard(id, o);
      reads.answered.push(id);
      return d;
    },
    async addNote(id, body, o) {
      await gates.get('addNote');
      return client.addNote(id, body, o);
    },
    async createCard(body, o) {
      await gates.get('createCard');
      return client.createCard(body, o);
    },
  };
  return { client: wrapped, reads };
}

async function until(test: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await tick(5);
  }
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** The demo board open, the cursor on its first card, which has a note of ours. */
async function setup(): Promise<{ store: BoardStore; reads: Reads; id: CardId; note: string }> {
  const { client, reads } = watched(demo.client({ maxAttempts: 1 }));
  const store = createBoardStore(client);
  await store.getState().loadBoards();
  await store.getState().openBoard(store.getState().boards.items[0]!.Id);
  const id = store.getState().cursor.cardId!;
  const note = `Read ahead ${Math.random().toString(36).slice(2)}`;
  await demo.client().addNote(id, note);
  // The note changed the card's version: the board read again, so the store's own writes are based on it.
  await store.getState().refresh();
  return { store, reads, id, note };
}

const notesOf = (store: BoardStore): string[] => (store.getState().detail?.data?.Notes ?? []).map((n) => n.Body);
const prefetch = (store: BoardStore) => stops.push(store.getState().prefetchWhileIdle(IDLE_MS));

describe('reading the focused card ahead', () => {
  it('fills the cache once the cursor rests; Enter then draws the notes at once and still asks again', async () => {
    const { store, reads, id, note } = await setup();
    expect(reads.sent).toEqual([]);
    prefetch(store);
    await until(() => reads.answered.includes(id), 'the focused card read ahead');
    expect(reads.sent).toEqual([id]);

    const open = store.getState().openCard(id);
    // The first state already has what the server said: no "loading…" for the notes.
    expect(store.getState().detail?.loading).toBe(false);
    expect(notesOf(store)).toContain(note);
    expect(store.getState().detail?.data?.Comments).toBeDefined();
    let changes = 0;
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.detail !== prev.detail) changes++;
    });
    await open;
    unsubscribe();
    // Revalidated, and the same answer changed nothing (no second render).
    expect(reads.sent).toEqual([id, id]);
    expect(changes).toBe(0);
    expect(notesOf(store)).toContain(note);
  });

  it('without a read ahead the detail starts with the listed fields and fills when the answer lands', async () => {
    const { store, id, note } = await setup();
    const open = store.getState().openCard(id);
    expect(store.getState().detail?.loading).toBe(true);
    expect(store.getState().detail?.data?.TaskName).toBeDefined();
    expect(store.getState().detail?.data?.Notes).toBeUndefined();
    await open;
    expect(notesOf(store)).toContain(note);
  });

  it('a change to the card drops its cached detail; read again, it shows the change', async () => {
    const { store, reads, id } = await setup();
    const stop = store.getState().prefetchWhileIdle(IDLE_MS);
    await until(() => reads.answered.includes(id), 'the focused card read ahead');
    stop();
    await store.getState().addNote(id, 'Added after the read ahead');

    const open = store.getState().openCard(id);
    expect(store.getState().detail?.loading).toBe(true);
    expect(store.getState().detail?.data?.Notes).toBeUndefined();
    await open;
    expect(notesOf(store)).toContain('Added after the read ahead');
    store.getState().closeCard();

    // What the detail read is kept: opened again, the change is there at once.
    void store.getState().openCard(id);
    expect(store.getState().detail?.loading).toBe(false);
    expect(notesOf(store)).toContain('Added after the read ahead');
  });

  it('nothing is read ahead for a card with a change pending; once it settles, the fresh answer is', async () => {
    const { store, reads, id } = await setup();
    const release = reads.hold('addNote');
    const adding = store.getState().addNote(id, 'Sent while resting');
    prefetch(store);
    // The cursor rests on the card while its note waits: a neighbour read ahead shows the prefetcher ran.
    await tick(IDLE_MS * 5);
    const next = store.getState().view.columns[store.getState().columns[0]!.label]![1]!.id;
    store.getState().focusCardId(next);
    await until(() => reads.answered.includes(next), 'the next card read ahead');
    expect(reads.sent).not.toContain(id);

    store.getState().focusCardId(id);
    release();
    await adding;
    await until(() => reads.answered.includes(id), 'the card read ahead after its change');
    void store.getState().openCard(id);
    expect(notesOf(store)).toContain('Sent while resting');
  });

  it('never reads a card the server has not numbered yet', async () => {
    const { store, reads, id } = await setup();
    const release = reads.hold('createCard');
    const created = store.getState().createCard(store.getState().columns[0]!.label, 'Not on the server yet');
    expect(isPendingId(store.getState().cursor.cardId!)).toBe(true);
    prefetch(store);
    await tick(IDLE_MS * 5);
    // A neighbour read ahead shows the prefetcher ran while the new card was focused.
    store.getState().focusCardId(id);
    await until(() => reads.answered.includes(id), 'the first card read ahead');
    expect(reads.sent).toEqual([id]);
    release();
    expect(await created).not.toBe('');
  });

  it('a refresh clears what was read ahead, and nothing is read ahead while it runs', async () => {
    const { store, reads, id } = await setup();
    const stop = store.getState().prefetchWhileIdle(IDLE_MS);
    await until(() => reads.answered.includes(id), 'the focused card read ahead');
    stop();
    expect(reads.sent[0]).toBe(id);
    // A neighbour's read may have been asked for before the stop (10 ms idle after the first answer).
    const readAhead = reads.sent.length;
    await store.getState().refresh();
    const open = store.getState().openCard(id);
    expect(store.getState().detail?.loading).toBe(true);
    expect(store.getState().detail?.data?.Notes).toBeUndefined();
    await open;
    expect(reads.sent.slice(readAhead)).toEqual([id]);
  });
});

describe('DetailCache', () => {
  const detail = (id: string, note = 'n'): CardDetail => ({
    ServiceTaskId: id,
    Notes: [{ NoteId: 1, Body: note, UserId: null, CreatedAt: null }],
  });

  it('keeps a bounded number of answers, the oldest out first', () => {
    const cache = new DetailCache(2);
    for (const id of ['1', '2', '3']) cache.put(id, detail(id), cache.version());
    expect([cache.has('1'), cache.has('2'), cache.has('3')]).toEqual([false, true, true]);
    expect(cache.size).toBe(2);
  });

  it('drops an answer asked for before its card was dropped, or before a clear', () => {
    const cache = new DetailCache();
    const before = cache.version();
    cache.drop('1');
    expect(cache.put('1', detail('1'), before)).toBe(false);
    expect(cache.put('2', detail('2'), before)).toBe(true);
    const v = cache.version();
    cache.clear();
    expect(cache.put('2', detail('2'), v)).toBe(false);
    expect(cache.put('2', detail('2'), cache.version())).toBe(true);
  });

  it('forgets answers older than its maximum age', () => {
    let now = 0;
    const cache = new DetailCache(8, 1_000, () => now);
    cache.put('1', detail('1'), cache.version());
    now = 1_001;
    expect(cache.get('1')).toBeUndefined();
  });

  it('tells a revalidation that changed nothing from one that did', () => {
    expect(sameDetail(detail('1', 'a'), detail('1', 'a'))).toBe(true);
    expect(sameDetail(detail('1', 'a'), detail('1', 'b'))).toBe(false);
    expect(sameDetail({ a: [1, 2] }, { a: { 0: 1, 1: 2 } })).toBe(false);
    expect(sameDetail({ a: undefined }, { b: undefined })).toBe(false);
  });
});
