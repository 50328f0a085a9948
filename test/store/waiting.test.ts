/**
 * Waiting in the store, against the real local service with the demo
 * workspace (whose email cards have customers waiting): the view sorted by
 * waiting while the team's order stays (in `confirmed` and on the server),
 * undo putting a card back at its place in the team's order even from a
 * sorted view; a snooze leaving at once and undone; the snoozed list; the
 * board's targets read beside it.
 */
import { describe, expect, it } from 'vitest';
import { isUnreadable } from '../../src/api/read-model.js';
import type { BoardStore } from '../../src/store/index.js';
import { readableCards } from '../support/board-view.js';
import { useDemoService } from '../support/demo-service.js';

const demo = useDemoService('store-waiting');

const titles = (store: BoardStore, label: string, teams = false): string[] => {
  const v = store.getState().view;
  return ((teams ? (v.teamOrder ?? v.columns) : v.columns)[label] ?? []).map((c) => c.title);
};

describe('the view sorted by waiting', () => {
  it('is the longest waiting first, the team’s order kept beside it, and back as it was', async () => {
    const store = await demo.open('Support Inbox');
    const label = store.getState().columns[0]!.label;
    const team = store.getState().view.columns[label]!;
    const confirmed = store.getState().confirmed.order;
    expect(team.some((c) => c.waitingSince != null)).toBe(true);

    store.getState().setSortByWaiting(true);
    const v = store.getState().view;
    expect(v.teamOrder?.[label]).toBe(team);
    const shown = v.columns[label]!;
    const since = shown.filter((c) => c.waitingSince != null).map((c) => Date.parse(c.waitingSince!));
    expect(since).toEqual([...since].sort((a, b) => a - b));
    expect(shown.slice(since.length).every((c) => c.waitingSince == null)).toBe(true);
    expect(store.getState().confirmed.order).toBe(confirmed);

    store.getState().setSortByWaiting(false);
    expect(store.getState().view.columns[label]).toBe(team);
    expect(store.getState().view.teamOrder).toBeUndefined();
  });

  it('undo of a move made in a sorted view puts the card back at its place in the team’s order', async () => {
    const store = await demo.open('Support Inbox');
    const [from, to] = store.getState().columns;
    store.getState().setSortByWaiting(true);
    const shownBefore = titles(store, from!.label);
    const teamBefore = titles(store, from!.label, true);
    // The card the sorted view shows first is not first in the team's order.
    const card = store.getState().view.columns[from!.label]![0]!;
    expect(teamBefore.indexOf(card.title)).toBeGreaterThan(0);
    await store.getState().moveCard(card.id, to!.label, 0);
    const out = store.getState().undo();
    if (!('settled' in out)) throw new Error(JSON.stringify(out));
    await out.settled;
    expect(titles(store, from!.label, true)).toEqual(teamBefore);
    expect(titles(store, from!.label)).toEqual(shownBefore);
    const server = readableCards(await demo.client().listCards(store.getState().boardId!, from!.id, 1));
    expect(server.map((c) => c.TaskName)).toEqual(teamBefore);
  });
});

describe('a snooze', () => {
  it('takes the card off at once; u brings it back to its place; the list says when', async () => {
    const store = await demo.open('Support Inbox');
    const col = store.getState().columns[0]!;
    const before = titles(store, col.label);
    const card = store.getState().view.columns[col.label]![2]!;
    const until = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const sent = store.getState().snoozeCard(card.id, until, false);
    expect(store.getState().view.cards.get(card.id)).toBeUndefined();
    await sent;
    await store.getState().loadSnoozed();
    const listed = store.getState().snoozedCards.items;
    expect(listed.map((r) => (isUnreadable(r) ? null : [r.ServiceTaskId, r.ColumnName, r.Snoozed?.Until]))).toEqual([
      [card.id, col.name, until],
    ]);
    await store.getState().refresh();
    expect(titles(store, col.label)).not.toContain(card.title);

    const out = store.getState().undo();
    if (!('settled' in out)) throw new Error(JSON.stringify(out));
    expect(out.done).toMatch(/^Undone: snooze of “/);
    await out.settled;
    expect(titles(store, col.label)).toEqual(before);
    await store.getState().refresh();
    expect(titles(store, col.label)).toEqual(before);
    await store.getState().loadSnoozed();
    expect(store.getState().snoozedCards.items).toEqual([]);
  });
});

describe('the response targets', () => {
  it('are read with the board and set by the owner; the cards then say when their answer is due', async () => {
    const store = await demo.open('Support Inbox');
    expect(store.getState().boardTargets).toMatchObject({ FirstResponseSeconds: null, NextResponseSeconds: null });
    const col = store.getState().columns[0]!;
    const waiting = store.getState().view.columns[col.label]!.find((c) => c.waitingSince != null)!;
    expect(waiting.responseDue).toBeNull();
    const targets = { FirstResponseSeconds: 3600, NextResponseSeconds: 7200, Hours: null, Zone: 'UTC' };
    await store.getState().setTargets(targets, 'first 1h next 2h');
    expect(store.getState().boardTargets).toMatchObject({ FirstResponseSeconds: 3600 });
    const after = store.getState().view.cards.get(waiting.id)!;
    const target = after.responseTarget === 'first' ? 3600 : 7200;
    expect(after.responseDue).toBe(new Date(Date.parse(waiting.waitingSince!) + target * 1000).toISOString());
    // A due time the targets moved is no one's change to the card: not marked as changed by others.
    expect(store.getState().markedChanged.has(waiting.id)).toBe(false);
    await store.getState().setTargets(null, 'none');
    expect(store.getState().boardTargets).toMatchObject({ FirstResponseSeconds: null });
    expect(store.getState().view.cards.get(waiting.id)?.responseDue).toBeNull();
  });
});
