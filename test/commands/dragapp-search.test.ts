/**
 * `inboard search` against the DragApp stand-in: its own search route, with
 * the fields JSON-encoded as its vendor's client sends them, words under
 * ThreadInfo and from: under MsgFrom; what the route can't take refused in
 * words with nothing sent.
 */
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../src/api/read-model.js';
import { startDragAppService } from '../support/dragapp-service.js';
import { cliAgainst, ok } from './helpers.js';

const cli = cliAgainst(startDragAppService, 'dragapp-search');
const searches = () => cli.svc().requests.filter((r) => r.path === '/v1.18/teamBoard/emailData/search-emails');

describe('inboard search on DragApp', () => {
  it('words go to search-emails as ThreadInfo, every board, the fields as JSON strings', async () => {
    const r = await cli.run(['search', 'parcel', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hits = JSON.parse(r.stdout) as SearchHit[];
    expect(hits.map((h) => h.TaskName)).toEqual(['Refund for order 1182']);
    expect(hits[0]).toMatchObject({
      Where: 'message',
      BoardName: 'Support inbox',
      From: 'Jane Doe <jane@example.com>',
    });
    const body = JSON.parse(searches().at(-1)?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ boardIds: '[1,2]', includeArchived: 0, offsetTask: 0, offsetEmail: 0 });
    expect(JSON.parse(body.searchParams as string)).toEqual({ key: 'ThreadInfo', value: '%parcel%' });
  });

  it('from: goes as MsgFrom; a task is found by its title; the table prints', async () => {
    const hits = JSON.parse(ok(await cli.run(['search', 'from:bob', '--json']))) as SearchHit[];
    expect(hits.map((h) => h.TaskName)).toEqual(['Invoice question']);
    expect(JSON.parse(JSON.parse(searches().at(-1)?.body ?? '{}').searchParams as string)).toEqual({
      key: 'MsgFrom',
      value: '%bob%',
    });
    const out = ok(await cli.run(['search', 'courier', '--board', '1']));
    expect(out).toMatch(/101\s+Support inbox\s+New\s+Call the courier\s+title/);
    expect(out).toContain('whole words as typed, no stemming');
  });

  it('what its route cannot take is said once, nothing sent', async () => {
    const before = searches().length;
    const r = await cli.run(['search', 'refund', '-parcel', 'tag:billing']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "DragApp's search looks for words in a thread, or its sender (from:), one or the other; it can't take -words, tag:",
    );
    expect(searches().length).toBe(before);
  });
});
