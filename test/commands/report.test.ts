/**
 * `inboard report` as users run it (dist/cli.js in a child process): the
 * week of test/server/reports/world.ts, whose answers were worked out by
 * hand, as text at 80 columns, as JSON and as CSV; bad periods refused in
 * words; and a DragApp server, which offers no report, counted from its
 * listing with the rest said.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Report } from '../../src/api/schema-reports.js';
import { cellWidth } from '../../src/text/width.js';
import { startDragAppService } from '../support/dragapp-service.js';
import { assign, OWNER, seedWeek, startReportWorld, type ReportWorld } from '../server/reports/world.js';
import { cliAgainst, ok, runCli } from './helpers.js';

describe('inboard report on the local service', () => {
  let w: ReportWorld;
  let dir: string;
  const run = (args: string[]) =>
    runCli(args, {
      INBOARD_URL: w.s.url,
      INBOARD_API_KEY: w.s.key,
      INBOARD_DATA_DIR: join(dir, 'data'),
      INBOARD_CONFIG_DIR: join(dir, 'config'),
    });
  const WEEK = ['--from', '2026-11-23', '--to', '2026-11-30'];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-report-'));
    w = await startReportWorld();
    const t = await w.s.call('PUT', `/v2/board/${w.board}/targets`, {
      body: { FirstResponseSeconds: 3600, NextResponseSeconds: 14400 },
    });
    expect(t.status, t.text).toBe(200);
    const ids = await seedWeek(w);
    for (const id of [ids.b, ids.d]) await assign(w, id ?? '', w.columns[0] ?? 0, [OWNER]);
  });
  afterAll(async () => {
    await w.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('text: bars per day, speed, now, heatmap, who and notes, within 80 columns', async () => {
    const out = ok(await run(['report', '--board', 'Support', ...WEEK]));
    const lines = out.split('\n');
    for (const l of lines) expect(cellWidth(l), l).toBeLessThanOrEqual(80);
    expect(out).toMatch(/^Support — 2026-11-23 to 2026-11-30 10:00 UTC$/m);
    expect(out).toMatch(/^Mon 23 Nov\s+3\s+█+ 3\s+█+ 2$/m);
    expect(out).toMatch(/^Sat 28 Nov\s+0\s+0\s+0$/m);
    expect(out).toMatch(/^First response\s+5\s+2h\s+3d$/m);
    expect(out).toMatch(/^Later responses\s+1\s+45m\s+45m$/m);
    expect(out).toMatch(/^Resolution\s+3\s+20m\s+3d$/m);
    expect(out).toMatch(/^Within target: 3 of 7 \(43%\) — first 1h, later 4h$/m);
    expect(out).toMatch(/^Unanswered now 1 · closed without a reply 1 · reopened 2$/m);
    expect(out).toMatch(/^New\s+5\s+1\s+1\s+0$/m);
    expect(out).toMatch(/^Fri\s+·{40}██·{6}$/m);
    expect(out).toMatch(/^owner@inboard\.local\s+2\s+2\s+1d 7h$/m);
    expect(out).toMatch(/^\(no one\)\s+4\s+4\s+30m$/m);
    expect(out).toContain('• Times are clock time: the board has no business hours.');
    expect(out).not.toMatch(/NaN|-\d+[smhd]\b/);
  });

  it('--json gives the service’s figures, in seconds', async () => {
    const r = Report.parse(JSON.parse(ok(await run(['report', String(w.board), ...WEEK, '--json']))));
    expect(r.Units).toEqual({ Durations: 'seconds', Share: 'fraction' });
    expect(r.Speed.FirstResponse).toEqual({ Count: 5, MedianSeconds: 7200, P90Seconds: 259200 });
    expect(r.Speed.Target?.Share).toBeCloseTo(3 / 7, 10);
  });

  it('--csv: the same numbers with their units, one figure a row', async () => {
    const csv = ok(await run(['report', String(w.board), ...WEEK, '--csv', '--by', 'assignee']));
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe('section,key,figure,value,unit');
    for (const row of [
      'day,2026-11-23,new_conversations,3,count',
      'day,2026-11-24,customer_messages,2,count',
      'speed,first_response,median,7200,seconds',
      'speed,first_response,p90,259200,seconds',
      'speed,later_response,median,2700,seconds',
      'speed,resolution,p90,261000,seconds',
      'target,,counted,7,count',
      'target,,within,3,count',
      'now,New,late,1,count',
      'heatmap,Fri 20:00,customer_messages,1,count',
      'assignee,owner@inboard.local,median,114300,seconds',
      'assignee,(none),handled,4,count',
    ])
      expect(rows).toContain(row);
    expect(rows.find((r) => r.startsWith('target,,share,'))).toMatch(/^target,,share,0\.428571\d*,fraction$/);
  });

  it('bad periods: refused in the service’s words or as usage, nothing printed', async () => {
    const zero = await run(['report', String(w.board), '--since', '0d']);
    expect(zero.code).toBe(1);
    expect(zero.stderr).toMatch(/since: 0d is no time at all — give 1d or more/);
    const future = await run(['report', String(w.board), '--from', '2027-01-01']);
    expect(future.code).toBe(1);
    expect(future.stderr).toMatch(/the period starts in the future/);
    const both = await run(['report', String(w.board), '--since', '7d', '--from', '2026-11-01']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/give --since, or --from and --to, not both/);
    const by = await run(['report', String(w.board), '--by', 'weather']);
    expect(by.code).toBe(2);
    expect(by.stderr).toMatch(/--by: "weather" — give assignee, tag, mailbox/);
    for (const r of [zero, future, both, by]) expect(r.stdout).toBe('');
  });
});

describe('inboard report on DragApp', () => {
  const cli = cliAgainst(startDragAppService, 'dragapp-report');
  it('counts the cards each column lists and says the rest is not offered', async () => {
    const out = ok(await cli.run(['report', '1']));
    expect(out).toMatch(/^New\s+\d+$/m);
    expect(out).toContain('This server offers no report');
    expect(out).toMatch(/not offered by this\s+server/);
    const json = JSON.parse(ok(await cli.run(['report', '1', '--json']))) as { Offered: boolean; Columns: unknown[] };
    expect(json.Offered).toBe(false);
    expect(json.Columns.length).toBeGreaterThan(0);
  });
});
