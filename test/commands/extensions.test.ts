/**
 * card due|read|unread|tick|untick|restore and `archived`, as users run them:
 * against the local service (each change checked on the server afterwards),
 * and against the recorded real service, which offers none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnreadable, type ArchivedCard, type CardId } from '../../src/api/read-model.js';
import type { CreatedCard } from '../../src/api/types.js';
import { startRecordedService } from '../support/recorded-service.js';
import { cliAgainst, ok, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

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
  return res.taskId ?? '';
}

/** The command with `--json`, its output parsed. */
const json = <T>(args: string[]) => f.json<T>([...args, '--json']);

describe('card due', () => {
  it('sets a day, a moment (kept in UTC) and clears; the card says so', async () => {
    const id = await newCard('due from the shell');
    expect(ok(await f.run(['card', 'due', id, '2099-12-01']))).toBe(`Card ${id} due 2099-12-01\n`);
    expect(await json(['card', 'due', id, '2099-12-01T17:00+01:00'])).toEqual({
      CardId: id,
      DueDate: '2099-12-01T16:00:00.000Z',
    });
    expect((await f.client.getCard(id)).DueDate).toBe('2099-12-01T16:00:00.000Z');
    expect(ok(await f.run(['card', 'due', id, '--clear']))).toBe(`Card ${id}: no due date\n`);
    expect((await f.client.getCard(id)).DueDate).toBeNull();
  });

  it('reads what people write as the board’s D does: "tomorrow 17:00" is that local time', async () => {
    const id = await newCard('due in words');
    const got = await json<{ DueDate: string }>(['card', 'due', id, 'tomorrow 17:00']);
    const d = new Date(got.DueDate);
    const want = new Date();
    want.setDate(want.getDate() + 1);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([
      want.getFullYear(),
      want.getMonth(),
      want.getDate(),
      17,
      0,
    ]);
    const unread = await f.run(['card', 'due', id, 'someday']);
    expect(unread.code).toBe(2);
    expect(unread.stderr).toContain("Can't read 'someday' as a date");
    const inWords = await json<{ DueDate: string }>(['card', 'due', id, 'in 2 days']);
    const days = (Date.parse(inWords.DueDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(1.9);
    expect(days).toBeLessThan(2.1);
  });

  it('a date in the past is refused without --past, in words; with it, set', async () => {
    const id = await newCard('due in the past');
    for (const date of ['2020-01-01', '2020-01-01T09:00Z', '1/1/20']) {
      const r = await f.run(['card', 'due', id, date]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`'${date}' is in the past (`);
      expect(r.stderr).toContain('add --past to set it anyway');
    }
    expect((await f.client.getCard(id)).DueDate).toBeNull();
    expect(ok(await f.run(['card', 'due', id, '2020-01-01', '--past']))).toBe(`Card ${id} due 2020-01-01\n`);
    expect(ok(await f.run(['card', 'due', '--help']))).toContain('unless --past');
  });

  it('a date the server refuses is its words and exit 1; a missing or doubled DATE is a usage error', async () => {
    const id = await newCard('bad due');
    const bad = await f.run(['card', 'due', id, '2026-02-30']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('inboard: DueDate: is not a real date (400)\n');
    const missing = await f.run(['card', 'due', id]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('inboard card due: missing DATE (or --clear)');
    const both = await f.run(['card', 'due', id, '2099-12-01', '--clear']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give DATE or --clear, not both');
    expect(ok(await f.run(['card', 'due', '--help']))).toContain('Usage: inboard card due ID DATE');
  });
});

describe('card read / unread', () => {
  it('marks a card unread and read again; `card ID` shows it', async () => {
    const id = await newCard('read state');
    expect(ok(await f.run(['card', 'unread', id]))).toBe(`Marked card ${id} unread\n`);
    expect(ok(await f.run(['card', id]))).toMatch(/Read:\s+unread/);
    expect(await json(['card', 'read', id])).toEqual({ CardId: id, ReadStatus: 1 });
    expect((await f.client.getCard(id)).ReadUnreadStatus).toBe(1);
  });
});

describe('card tick / untick', () => {
  it('ticks and unticks a sub-task; `card ID` marks it done or open', async () => {
    const id = await newCard('checklist', ['--subtask', 'Send the quote']);
    const sub = (await f.client.getCard(id)).SubTasks?.[0]?.SubTaskId ?? 0;
    expect(ok(await f.run(['card', id]))).toContain(`[${sub}] open`);
    expect(ok(await f.run(['card', 'tick', id, String(sub)]))).toBe(`Ticked sub-task ${sub} of card ${id}\n`);
    expect(ok(await f.run(['card', id]))).toContain(`[${sub}] done`);
    expect(await json(['card', 'untick', id, String(sub)])).toEqual({ CardId: id, SubTaskId: sub, Done: false });
    expect((await f.client.getCard(id)).SubTasks?.[0]?.Done).toBe(false);
  });

  it('a sub-task that is not the card’s is the server’s 404; SUBTASK must be a number', async () => {
    const id = await newCard('no such sub-task');
    const r = await f.run(['card', 'tick', id, '999999']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`inboard: Sub-task 999999 not found on card ${id} (404)\n`);
    const word = await f.run(['card', 'tick', id, 'first']);
    expect(word.code).toBe(2);
    expect(word.stderr).toContain("SUBTASK must be a whole number, got 'first'");
  });
});

describe('archived and card restore', () => {
  it('lists a board’s archived cards newest first; restore brings one back where it was, or where asked', async () => {
    const a = await newCard('archived first');
    const b = await newCard('archived second');
    ok(await f.run(['card', 'archive', a]));
    await new Promise((r) => setTimeout(r, 3));
    ok(await f.run(['card', 'archive', b]));

    const rows = await json<ArchivedCard[]>(['archived', '--board', '1']);
    expect(rows.slice(0, 2).map((c) => c.ServiceTaskId)).toEqual([b, a]);
    expect(rows[0]).toMatchObject({ TaskName: 'archived second', ArchivedAt: expect.stringMatching(/Z$/) });
    const text = ok(await f.run(['archived', 'support']));
    const [firstColumn] = await f.client.listColumns(1);
    expect(text).toMatch(/^Board 1: Support Inbox — \d+ archived cards?\n/);
    expect(text).toMatch(new RegExp(`${b}\\s+archived second\\s+${firstColumn?.Name ?? ''}`));
    expect(text.indexOf('archived second')).toBeLessThan(text.indexOf('archived first'));

    expect(ok(await f.run(['card', 'restore', b]))).toBe(`Restored card ${b} to ${firstColumn?.Name} at position 0\n`);
    const [, second] = await f.client.listColumns(1);
    expect(await json(['card', 'restore', a, '--column', second?.Name ?? '', '--position', '1'])).toEqual({
      CardId: a,
      ColumnId: second?.Id,
      Position: 1,
    });
    const inSecond = await f.client.listCards(1, second?.Id ?? 0, 1, 50);
    expect(inSecond.map((c) => (isUnreadable(c) ? null : c.ServiceTaskId))[1]).toBe(a);
    const after = await json<ArchivedCard[]>(['archived', '1']);
    expect(after.some((c) => c.ServiceTaskId === a || c.ServiceTaskId === b)).toBe(false);
  });

  it('paging: --limit and --page, or --all; usage errors in words', async () => {
    for (const t of ['p1', 'p2', 'p3']) ok(await f.run(['card', 'archive', await newCard(t)]));
    const all = await json<ArchivedCard[]>(['archived', '1', '--all', '--limit', '2']);
    const page2 = await json<ArchivedCard[]>(['archived', '1', '--limit', '2', '--page', '2']);
    expect(page2.map((c) => c.ServiceTaskId)).toEqual(all.slice(2, 4).map((c) => c.ServiceTaskId));
    expect(ok(await f.run(['archived', '1', '--limit', '1']))).toMatch(/— 1 archived card, more with --all\n/);
    const none = await f.run(['archived']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('inboard archived: missing --board');
    const twice = await f.run(['archived', '1', '--board', '1']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('give the board once');
  });

  it('restoring a card that is not archived: the server’s words, exit 1', async () => {
    const id = await newCard('still here');
    const r = await f.run(['card', 'restore', id]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`inboard: Card ${id} is not archived (409)\n`);
  });
});

describe('against a server without them (the recorded real service)', () => {
  const { run } = cliAgainst(startRecordedService, 'recorded-ext');

  it.each([
    [['card', 'due', '101', '2026-12-01'], 'Setting due dates'],
    [['card', 'unread', '101'], 'Marking cards read or unread'],
    [['card', 'tick', '101', '1'], 'Ticking sub-tasks'],
    [['archived', '1'], "Listing a board's archived cards"],
    [['card', 'restore', '101'], 'Restoring archived cards'],
  ])('inboard %j: "%s is not offered by this server", exit 1', async (args, words) => {
    const r = await run(args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`inboard: ${words} is not offered by this server (404)\n`);
  });
});
