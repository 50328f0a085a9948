/** card create|move|archive|comment|note|subtask|tag, each checked on the server afterwards. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import type { CommentResult, CreatedCard } from '../../src/api/types.js';
import type { ColumnGroup } from '../../src/commands/cards.js';
import { readableCards } from '../support/board-view.js';
import { startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

/** `card create --json` prints the client's answer: the new card's id as a string (ids are opaque). */
async function newCard(title: string, extra: string[] = []): Promise<CardId> {
  const res = await f.json<CreatedCard>([
    'card',
    'create',
    '--board',
    '1',
    '--column',
    '1',
    '--title',
    title,
    ...extra,
    '--json',
  ]);
  expect(res).toEqual({ Success: expect.any(String), taskId: expect.stringMatching(/^\d+$/) });
  return res.taskId ?? '';
}

describe('card create', () => {
  it('creates a card with every field; `cards BOARD --json` then lists it', async () => {
    const [col] = await f.client.listColumns(1);
    if (!col) throw new Error('no column');
    if (col.ColumnId === null) throw new Error('the local service gives every column a ColumnId');
    const res = await f.json<CreatedCard>([
      'card',
      'create',
      '--board',
      '1',
      '--column',
      col.Name,
      '--title',
      'Call back ACME',
      '--note',
      'Prefers mornings',
      '--comment',
      'Took the call',
      '--subtask',
      'Send the quote',
      '--assignee',
      'owner@inboard.local',
      '--assignee',
      'sam.rivera@example.com',
      '--unread',
      '--json',
    ]);
    expect(res.taskId).toMatch(/^\d+$/);
    const card = await f.client.getCard(res.taskId ?? '');
    expect(card.TaskName).toBe('Call back ACME');
    expect(card.ColumnId).toBe(col.ColumnId);
    expect(card.ReadUnreadStatus).toBe(0);
    expect(card.Notes?.map((n) => n.Body)).toEqual(['Prefers mornings']);
    expect(card.Comments?.map((c) => c.Comment)).toEqual(['Took the call']);
    expect(card.SubTasks?.map((s) => s.Body)).toEqual(['Send the quote']);
    expect([...(card.Assignees as string[])].sort()).toEqual(['owner@inboard.local', 'sam.rivera@example.com']);
    const groups = await f.json<ColumnGroup[]>(['cards', '1', '--column', col.ColumnId, '--all', '--json']);
    expect(readableCards(groups[0]?.Cards ?? []).map((c) => c.ServiceTaskId)).toContain(res.taskId);
  });

  it('table mode prints one line naming the new card', async () => {
    const r = await f.run(['card', 'create', '--board', '1', '--column', '1', '--title', 'Plain']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Created card (\d+) in .+ \/ .+: Plain\n$/);
    const id = /card (\d+)/.exec(r.stdout)?.[1] ?? '';
    expect((await f.client.getCard(id)).TaskName).toBe('Plain');
  });

  it('a missing required flag is a usage error naming it', async () => {
    const r = await f.run(['card', 'create', '--board', '1', '--title', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing --column');
    expect(r.stderr).toContain("See 'inboard card create --help'");
  });
});

describe('card move and archive', () => {
  it('moves to a column of the same board, at a position', async () => {
    const id = await newCard('Mover');
    const cols = await f.client.listColumns(1);
    const target = cols[2];
    if (!target) throw new Error('need 3 columns');
    const res = await f.json<string>(['card', 'move', id, '--column', target.Name, '--position', '1', '--json']);
    expect(typeof res).toBe('string');
    expect((await f.client.getCard(id)).ColumnId).toBe(target.ColumnId);
    const listed = readableCards(await f.client.listCards(1, target.Id, 1, 200));
    expect(listed[1]?.ServiceTaskId).toBe(id);
  });

  it('moves to another board with --board', async () => {
    const id = await newCard('Traveller');
    const [col] = await f.client.listColumns(2);
    if (!col) throw new Error('board 2 has no column');
    if (col.ColumnId === null) throw new Error('the local service gives every column a ColumnId');
    const r = await f.run(['card', 'move', id, '--board', '2', '--column', col.ColumnId]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Moved card \d+ to .+ at position 0/);
    const card = await f.client.getCard(id);
    expect([card.BoardId, card.ColumnId]).toEqual([2, col.ColumnId]);
  });

  it('archives; the card leaves its column', async () => {
    const id = await newCard('Goner');
    expect(await f.json<{ id: string }>(['card', 'archive', id, '--json'])).toEqual({ id });
    const listed = readableCards(await f.client.listCards(1, 1, 1, 200));
    expect(listed.map((c) => c.ServiceTaskId)).not.toContain(id);
  });
});

describe('comment, note, subtask', () => {
  it('comment: then `card ID --json` has the comment', async () => {
    const id = await newCard('Discuss');
    const res = await f.json<CommentResult>(['card', 'comment', id, '--body', 'Looks good', '--json']);
    if (res.CommentDetails === null) throw new Error('the local service describes the comment it made');
    expect(res.CommentDetails.Comment).toBe('Looks good');
    const card = await f.json<{ Comments: { Comment: string; CommentId: number }[] }>(['card', id, '--json']);
    expect(card.Comments.map((c) => [c.CommentId, c.Comment])).toEqual([[res.CommentDetails.CommentId, 'Looks good']]);
  });

  it('--body - reads the text from stdin, line breaks kept', async () => {
    const id = await newCard('Stdin');
    const text = 'first line\nsecond line\n';
    expect((await f.run(['card', 'note', id, '--body', '-'], { input: text })).code).toBe(0);
    expect((await f.run(['card', 'subtask', id, '--body', '-'], { input: 'do it' })).code).toBe(0);
    const card = await f.client.getCard(id);
    expect(card.Notes?.[0]?.Body.trim()).toBe(text.trim());
    expect(card.SubTasks?.map((s) => s.Body)).toEqual(['do it']);
    const shown = await f.run(['card', id]);
    expect(shown.stdout).toContain('    first line\n    second line');
  });

  it('an empty body is a usage error, and nothing is sent', async () => {
    const id = await newCard('Quiet');
    const r = await f.run(['card', 'comment', id, '--body', '-'], { input: '  \n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--body is empty');
    expect((await f.client.getCard(id)).Comments ?? []).toEqual([]);
  });
});

describe('card tag', () => {
  it('adds by name, removes by id, sets a list', async () => {
    const id = await newCard('Tagged');
    const tags = await f.client.listTags(1);
    const [a, b, c] = tags;
    if (!a || !b || !c) throw new Error('need 3 tags');
    expect((await f.run(['card', 'tag', id, '--tag', a.Name.toLowerCase()])).code).toBe(0);
    expect((await f.run(['card', 'tag', id, '--tag', String(b.Id)])).code).toBe(0);
    expect((await f.client.getCard(id)).Tags?.map((t) => t.Id).sort()).toEqual([a.Id, b.Id].sort());
    const removed = await f.json<{ TagIds: number[] }>(['card', 'tag', id, '--remove', String(a.Id), '--json']);
    expect(removed.TagIds).toEqual([b.Id]);
    expect((await f.client.getCard(id)).Tags?.map((t) => t.Id)).toEqual([b.Id]);
    await f.json(['card', 'tag', id, '--set', `${a.Name},${c.Id}`, '--json']);
    expect((await f.client.getCard(id)).Tags?.map((t) => t.Id).sort()).toEqual([a.Id, c.Id].sort());
    await f.json(['card', 'tag', id, '--set', '', '--json']);
    expect((await f.client.getCard(id)).Tags ?? []).toEqual([]);
  });

  it('needs exactly one of --tag, --remove, --set', async () => {
    const r = await f.run(['card', 'tag', '1', '--tag', '1', '--remove', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('exactly one of --tag, --remove and --set');
  });

  it('an unknown tag name is exit 1 and changes nothing', async () => {
    const id = await newCard('Untagged');
    const r = await f.run(['card', 'tag', id, '--tag', 'no-such-tag']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^inboard: no tag 'no-such-tag' on board 1/);
    expect((await f.client.getCard(id)).Tags ?? []).toEqual([]);
  });
});
