/** The read commands against a live service, checked against the server's own answers. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailSequenceDetail, EmailSequenceEntry } from '../../src/api/schema.js';
import type { BoardRow, CardDetail, Column, Tag } from '../../src/api/read-model.js';
import type { ColumnGroup } from '../../src/commands/cards.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { ROOT, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

describe('boards and columns', () => {
  it('boards --json is the server’s board list', async () => {
    const boards = await f.json<BoardRow[]>(['boards', '--json']);
    expect(boards).toEqual(await f.client.listBoards());
    expect(boards.length).toBeGreaterThan(0);
  });

  it('boards prints a table with every board', async () => {
    const r = await f.run(['boards']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+OWNER\s+USERS$/);
    for (const b of readableBoards(await f.client.listBoards())) expect(r.stdout).toContain(b.Name);
    expect(lines).toHaveLength((await f.client.listBoards()).length + 1);
  });

  it('columns accepts an id, a name in any case, or the start of a name', async () => {
    const [board] = readableBoards(await f.client.listBoards());
    if (!board) throw new Error('demo has no board');
    const expected = await f.client.listColumns(board.Id);
    expect(await f.json<Column[]>(['columns', String(board.Id), '--json'])).toEqual(expected);
    expect(await f.json<Column[]>(['columns', board.Name.toUpperCase(), '--json'])).toEqual(expected);
    expect(await f.json<Column[]>(['columns', board.Name.slice(0, 4).toLowerCase(), '--json'])).toEqual(expected);
  });

  it('an unknown board name is exit 1 naming the boards there are', async () => {
    const r = await f.run(['columns', 'no such board']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^inboard: no board 'no such board' \(1 /);
    expect(r.stdout).toBe('');
  });
});

describe('cards', () => {
  it('without --column: every column’s first page, grouped, in column order', async () => {
    const groups = await f.json<ColumnGroup[]>(['cards', '1', '--json']);
    const cols = await f.client.listColumns(1);
    expect(groups.map((g) => g.Column)).toEqual(cols);
    for (const g of groups) {
      expect(g.Cards).toEqual(await f.client.listCards(1, g.Column.Id, 1, 50));
      expect(g.More).toBe(false);
    }
  });

  it('--column by name, Label_<n> or id gives the same column', async () => {
    const cols = await f.client.listColumns(1);
    const col = cols[1];
    if (!col) throw new Error('demo board 1 has fewer than 2 columns');
    if (col.ColumnId === null) throw new Error('the local service gives every column a ColumnId');
    for (const ref of [col.Name.toLowerCase(), col.ColumnId, String(col.Id)]) {
      const groups = await f.json<ColumnGroup[]>(['cards', '1', '--column', ref, '--json']);
      expect(groups).toHaveLength(1);
      expect(groups[0]?.Column).toEqual(col);
    }
  });

  it('--all follows the pages until a short one; without it, one page and More', async () => {
    const [col] = await f.client.listColumns(1);
    if (!col) throw new Error('no column');
    const every = readableCards(await f.client.listCards(1, col.Id, 1, 200));
    expect(every.length).toBeGreaterThan(4); // the demo's first column is long enough to page
    const limit = String(Math.ceil(every.length / 3));
    const all = await f.json<ColumnGroup[]>([
      'cards',
      '1',
      '--column',
      String(col.Id),
      '--all',
      '--limit',
      limit,
      '--json',
    ]);
    expect(readableCards(all[0]?.Cards ?? []).map((c) => c.ServiceTaskId)).toEqual(every.map((c) => c.ServiceTaskId));
    expect(all[0]?.More).toBe(false);
    const first = await f.json<ColumnGroup[]>(['cards', '1', '--column', String(col.Id), '--limit', limit, '--json']);
    expect(first[0]?.Cards).toHaveLength(Number(limit));
    expect(first[0]?.More).toBe(true);
    const second = await f.json<ColumnGroup[]>([
      'cards',
      '1',
      '--column',
      String(col.Id),
      '--limit',
      limit,
      '--page',
      '2',
      '--json',
    ]);
    expect(readableCards(second[0]?.Cards ?? []).map((c) => c.ServiceTaskId)).toEqual(
      every.slice(Number(limit), 2 * Number(limit)).map((c) => c.ServiceTaskId),
    );
  });

  it('table mode: a heading per column and a row per card', async () => {
    const r = await f.run(['cards', '1']);
    expect(r.code).toBe(0);
    for (const col of await f.client.listColumns(1)) expect(r.stdout).toContain(`${col.Name} (${col.ColumnId})`);
    const [col] = await f.client.listColumns(1);
    const [card] = readableCards(await f.client.listCards(1, col?.Id ?? 0, 1));
    expect(r.stdout).toMatch(new RegExp(`^\\s*${card?.ServiceTaskId}\\s`, 'm'));
  });
});

describe('card detail, tags, sequences', () => {
  it('card ID --json is the server’s card; the table shows its parts', async () => {
    // The demo card with a sub-task, assignees and a tag.
    const cols = await f.client.listColumns(1);
    let detail: CardDetail | undefined;
    for (const col of cols) {
      for (const c of readableCards(await f.client.listCards(1, col.Id, 1, 200))) {
        const d = await f.client.getCard(c.ServiceTaskId);
        if ((d.SubTasks ?? []).length > 0 && (d.Tags ?? []).length > 0) detail = d;
      }
      if (detail) break;
    }
    if (!detail) throw new Error('the demo has no card with sub-tasks and tags');
    expect(await f.json<CardDetail>(['card', detail.ServiceTaskId, '--json'])).toEqual(detail);
    const r = await f.run(['card', detail.ServiceTaskId]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Title:   ${detail.TaskName}`);
    expect(r.stdout).toContain(detail.SubTasks?.[0]?.Body ?? '?');
    expect(r.stdout).toContain(detail.Tags?.[0]?.Name ?? '?');
    for (const heading of ['Assignees', 'Tags', 'Sub-tasks', 'Notes', 'Comments'])
      expect(r.stdout).toMatch(new RegExp(`^${heading}:`, 'm'));
  });

  it('tags BOARD --json is the server’s tag list; the table names colours', async () => {
    expect(await f.json<Tag[]>(['tags', '1', '--json'])).toEqual(await f.client.listTags(1));
    const r = await f.run(['tags', '1']);
    expect(r.stdout).toMatch(/^\s*1\s+\S.*\s(gray|red|orange|yellow|green|teal|blue|indigo|purple|pink|brown|black)$/m);
  });

  it('sequences: the list, and one sequence’s steps in order', async () => {
    const list = await f.json<EmailSequenceEntry[]>(['sequences', '--json']);
    expect(list).toEqual(await f.client.listEmailSequences());
    const first = list[0];
    if (!first) throw new Error('the demo has no sequence');
    const seq = await f.json<EmailSequenceDetail>(['sequences', String(first.EmailTemplateId), '--json']);
    const server = await f.client.getEmailSequence(String(first.EmailTemplateId));
    expect(seq.Id).toBe(server.Id);
    expect(seq.EmailFollowups.map((s) => s.Sequence)).toEqual(
      server.EmailFollowups.map((s) => s.Sequence).sort((a, b) => a - b),
    );
    const r = await f.run(['sequences', String(first.EmailTemplateId)]);
    expect(r.stdout).toMatch(/^STEP\s+DELAY\s+SUBJECT$/m);
    const rows = r.stdout.split('\n').filter((l) => /^\s+\d+\s+\d+ days?/.test(l));
    expect(rows).toHaveLength(server.EmailFollowups.length);
    const table = await f.run(['sequences']);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+SUBJECT\s+VIEWS\s+LAST SENT$/m);
    expect(table.stdout).toContain(first.Name);
  });
});

describe('no Ink for scripts', () => {
  it('`inboard boards` loads no chunk holding Ink or React', async () => {
    const chunks = join(ROOT, 'dist/chunks');
    const ui = readdirSync(chunks)
      .filter((n) => n.endsWith('.js'))
      .filter((n) =>
        /Raw mode is not supported|Symbol\.for\("react\.(transitional\.)?element"\)/.test(
          readFileSync(join(chunks, n), 'utf8'),
        ),
      );
    expect(ui.length).toBeGreaterThan(0); // the build has Ink somewhere, so the check below means something
    const trace = join(f.dir, 'trace.txt');
    const r = await f.run(['boards', '--json'], {
      nodeArgs: ['--import', join(ROOT, 'test/commands/fixtures/trace-loads.mjs')],
      env: { INBOARD_TRACE_FILE: trace },
    });
    expect(r.code).toBe(0);
    const loaded = readFileSync(trace, 'utf8')
      .split('\n')
      .filter((l) => l.includes('/dist/'));
    expect(loaded.some((u) => u.endsWith('/dist/cli.js'))).toBe(true);
    expect(loaded.some((u) => /\/chunks\/commands-[^/]+\.js$/.test(u))).toBe(true); // dynamic imports are seen
    expect(loaded.filter((u) => ui.some((n) => u.endsWith(`/chunks/${n}`)))).toEqual([]);
    expect(loaded.some((u) => /node_modules\/(ink|react)\//.test(u))).toBe(false);
  });
});
