/**
 * The board's card filter (text and tag, and the `/` syntax's terms) in the
 * store, against the real local service with the demo workspace: which
 * cards it keeps is checked against what the server says each card carries.
 */
import { describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { matchCards, matchFilter, type BoardStore } from '../../src/store/index.js';
import { readableCards } from '../support/board-view.js';
import { useDemoService } from '../support/demo-service.js';

const demo = useDemoService('store-filter');
const client = () => demo.client({ maxAttempts: 1 });
const open = (name: string): Promise<BoardStore> => demo.open(name, { pageSize: 200 }, { maxAttempts: 1 });

/** The ids of the board's cards the server lists with `tagName`. */
async function taggedOnServer(boardId: number, tagName: string): Promise<CardId[]> {
  const c = client();
  const ids: CardId[] = [];
  for (const col of await c.listColumns(boardId)) {
    for (const card of readableCards(await c.listCards(boardId, col.Id, 1, 200))) {
      if ((card.Tags ?? []).some((t) => t.Name === tagName)) ids.push(card.ServiceTaskId);
    }
  }
  return ids.sort();
}

const shown = (store: BoardStore): CardId[] => {
  const s = store.getState();
  return [...matchCards(s.view.cards, s.tags, s.filter!)].sort();
};
const tagId = (store: BoardStore, name: string): number => store.getState().tags.find((t) => t.Name === name)!.Id;

describe('card filter', () => {
  it('a tag keeps exactly the cards the server has with it; text narrows within it', async () => {
    const store = await open('Support Inbox');
    const bug = tagId(store, 'Bug');
    store.getState().setFilter({ text: '', tagId: bug });
    const expected = await taggedOnServer(store.getState().boardId!, 'Bug');
    expect(expected.length).toBeGreaterThan(2);
    expect(shown(store)).toEqual(expected);
    // Text and tag together: both must hold.
    store.getState().setFilter({ text: 'SAML', tagId: bug });
    const saml = shown(store).map((id) => store.getState().view.cards.get(id)!.title);
    expect(saml).toEqual(['Re: SSO setup with Okta — SAML assertion rejected']);
    // Text alone still matches tag names (and titles, assignees).
    store.getState().setFilter({ text: 'bug', tagId: null });
    expect(shown(store)).toEqual(expected);
  });

  it('no text and no tag is no filter; another board starts unfiltered', async () => {
    const store = await open('Support Inbox');
    store.getState().setFilter({ text: '', tagId: null });
    expect(store.getState().filter).toBeNull();
    store.getState().setFilter({ text: '', tagId: tagId(store, 'Urgent') });
    expect(store.getState().filter).not.toBeNull();
    const sales = store.getState().boards.items.find((b) => b.Name === 'Sales Pipeline')!;
    await store.getState().openBoard(sales.Id);
    expect(store.getState().filter).toBeNull();
  });

  it('deleting the tag filtered on drops the tag from the filter, keeping its text', async () => {
    const store = await open('Support Inbox');
    const id = await store.getState().createTag('Temporary', 2);
    store.getState().setFilter({ text: 'refund', tagId: id });
    await store.getState().deleteTag(id);
    expect(store.getState().filter).toEqual({ text: 'refund', tagId: null });
    const other = await store.getState().createTag('Short-lived', 3);
    store.getState().setFilter({ text: '', tagId: other });
    await store.getState().deleteTag(other);
    expect(store.getState().filter).toBeNull();
  });

  it('text ignores case and accents, as the pickers do: muller and zoe find Müller and Zoë', async () => {
    const store = await open('Support Inbox');
    const export_ = [...store.getState().view.cards.values()].find((c) => c.title.includes('Müller'));
    expect(export_).toBeDefined();
    for (const text of ['muller', 'zoe', 'MÜLLER', 'Zoë', '王伟']) {
      store.getState().setFilter({ text, tagId: null });
      expect(shown(store), text).toContain(export_!.id);
    }
    store.getState().setFilter({ text: 'mueller', tagId: null });
    expect(shown(store)).not.toContain(export_!.id);
  });
});

/** The ids of the board's cards, as the server lists them, that `keep` says yes to. */
async function onServer(
  boardId: number,
  keep: (card: ReturnType<typeof readableCards>[number]) => boolean,
): Promise<CardId[]> {
  const c = client();
  const ids: CardId[] = [];
  for (const col of await c.listColumns(boardId))
    for (const card of readableCards(await c.listCards(boardId, col.Id, 1, 200)))
      if (keep(card)) ids.push(card.ServiceTaskId);
  return ids.sort();
}

describe('the filter syntax over the demo board', () => {
  it('is:unread and is:read split the board as the server has the cards', async () => {
    const store = await open('Support Inbox');
    const boardId = store.getState().boardId!;
    store.getState().setFilter({ text: 'is:unread', tagId: null });
    const unread = await onServer(boardId, (c) => c.ReadUnreadStatus === 0);
    expect(unread.length).toBeGreaterThan(1);
    expect(shown(store)).toEqual(unread);
    store.getState().setFilter({ text: 'is:read', tagId: null });
    expect(shown(store)).toEqual(await onServer(boardId, (c) => c.ReadUnreadStatus !== 0));
  });

  it('tag:bug is the tag manager’s Bug; -tag:bug the rest; tag:"…" takes a quoted name', async () => {
    const store = await open('Support Inbox');
    const boardId = store.getState().boardId!;
    store.getState().setFilter({ text: 'tag:bug', tagId: null });
    expect(shown(store)).toEqual(await taggedOnServer(boardId, 'Bug'));
    store.getState().setFilter({ text: '-tag:BUG', tagId: null });
    expect(shown(store)).toEqual(await onServer(boardId, (c) => !(c.Tags ?? []).some((t) => t.Name === 'Bug')));
    const id = await store.getState().createTag('Needs reply', 4);
    const card = [...store.getState().view.cards.values()][0]!;
    await store.getState().setTags(card.id, [...card.tagIds, id]);
    store.getState().setFilter({ text: 'tag:"needs reply"', tagId: null });
    expect(shown(store)).toEqual([card.id]);
  });

  it('assignee:me is the key’s owner (GET /v2/me), unless an email is configured', async () => {
    const store = await open('Support Inbox');
    const boardId = store.getState().boardId!;
    const s = () => store.getState();
    // Before the server said whose key this is, assignee:me cannot be applied.
    s().setFilter({ text: 'assignee:me', tagId: null });
    expect(matchFilter(s().view.cards, s().tags, s().filter!, { me: s().me?.email ?? null }).error).toMatch(
      /^assignee:me needs your email/,
    );
    await s().loadMe();
    const me = s().me!.email!;
    expect(me).toContain('@');
    const mine = await onServer(boardId, (c) => (c.Assignees ?? []).includes(me));
    expect(mine.length).toBeGreaterThan(0);
    expect([...matchCards(s().view.cards, s().tags, s().filter!, { me })].sort()).toEqual(mine);

    // A configured email wins over the server's answer.
    const configured = await demo.open(
      'Support Inbox',
      { pageSize: 200, meEmail: 'Sam.Rivera@example.com' },
      { maxAttempts: 1 },
    );
    await configured.getState().loadMe();
    expect(configured.getState().me?.email).toBe('Sam.Rivera@example.com');
    const c = configured.getState();
    configured.getState().setFilter({ text: 'assignee:me', tagId: null });
    expect(
      [...matchCards(c.view.cards, c.tags, configured.getState().filter!, { me: 'Sam.Rivera@example.com' })].sort(),
    ).toEqual(await onServer(boardId, (x) => (x.Assignees ?? []).includes('sam.rivera@example.com')));
  });

  it('is:overdue and due:none as the server’s due dates say, at the time asked', async () => {
    const store = await open('Support Inbox');
    const boardId = store.getState().boardId!;
    // Two days on: the demo's cards due today and tomorrow (17:00 UTC) are past then, whatever the hour of the run.
    const now = Date.now() + 2 * 86_400_000;
    const s = store.getState();
    const ids = (text: string) => [...matchCards(s.view.cards, s.tags, { text, tagId: null }, { now })].sort();
    const overdue = await onServer(boardId, (c) => c.DueDate != null && Date.parse(c.DueDate) < now);
    expect(overdue.length).toBeGreaterThan(0);
    expect(ids('is:overdue')).toEqual(overdue);
    expect(ids('due:none')).toEqual(await onServer(boardId, (c) => c.DueDate == null));
    expect(ids('is:unread is:overdue')).toEqual(
      await onServer(boardId, (c) => c.ReadUnreadStatus === 0 && c.DueDate != null && Date.parse(c.DueDate) < now),
    );
  });
});
