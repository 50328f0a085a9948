/**
 * `Y` in a real terminal: the board's report over the board at 80 and at
 * 200 columns, in the light theme and under NO_COLOR — volume bars, speed,
 * now, the week's hours and who, within the width; `?` the definitions,
 * `b` the breakdown, Esc back to the board.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { snapshotCli } from '../server/process.js';
import { cellWidth } from '../../src/text/width.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux, type Terminal } from './tmux.js';

const demo = useServeDemo('report');
/** A colour of the text: a foreground set by SGR (basic, bright, 256 or RGB). */
const FOREGROUND = /\x1b\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;[25];[0-9;]+)m/;

let cli = '';

/**
 * The volume row of the day the demo's mail came in, with its bar: today in
 * UTC (the demo board names no zone), or yesterday when the run crossed
 * midnight since the demo was made.
 */
function todaysBars(): RegExp {
  const label = (ms: number) =>
    new Date(ms).toLocaleDateString('en-GB', { weekday: 'short', day: '2-digit', month: 'short', timeZone: 'UTC' });
  const now = Date.now();
  return new RegExp(`(?:${label(now)}|${label(now - 86_400_000)})\\s+\\d+\\s+█`);
}

async function openReport(size: { cols: number; rows: number }, env: Record<string, string> = {}): Promise<Terminal> {
  if (cli === '') cli = snapshotCli(demo.dir());
  const t = demo.terminal(size, env);
  t.run(`node ${cli} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
  await t.waitFor((s) => s.includes('In progress (') && !s.includes('loading…'));
  t.keys('Y');
  await t.waitFor((s) => s.includes('Volume per day') && !s.includes('reading…'));
  return t;
}

const lines = (screen: string) => screen.split('\n');

describe.skipIf(!hasTmux())('Y: the board’s report', () => {
  it('at 80 columns: every part within the width; ? the definitions; b by tag; Esc back to the board', async () => {
    const t = await openReport({ cols: 80, rows: 30 });
    let s = t.screen();
    expect(s).toContain('Report — last 30d, by assignee');
    for (const l of lines(s)) expect(cellWidth(l)).toBeLessThanOrEqual(80);
    expect(s).toMatch(/^\w{3} \d\d \w{3}\s+\d+\s+\d+/m);
    // Scroll to the rest: today's bars, speed, now, the heatmap, who, the notes.
    t.keys('PageDown');
    s = await t.waitFor(todaysBars());
    for (let i = 0; i < 8; i++) t.keys('PageDown');
    s = await t.waitFor('Notes');
    expect(s).toMatch(/• Times are clock time: the board has no business hours\./);
    t.keys('PageUp');
    s = await t.waitFor(/First response\s+\d+/);
    t.keys('?');
    s = await t.waitFor('What each figure means');
    expect(s).toContain('Response cycle');
    t.keys('Escape');
    await t.waitFor((x) => x.includes('Report — last 30d') && !x.includes('What each figure means'));
    t.keys('b');
    s = await t.waitFor((x) => x.includes('by tag') && !x.includes('reading…'));
    t.keys('Escape');
    s = await t.waitFor((x) => x.includes('In progress (') && !x.includes('Report —'));
    t.keys('q');
    await t.waitFor('exit=0');
  });

  it('at 200 columns: bars, then a page down the heatmap two cells an hour, and who', async () => {
    const t = await openReport({ cols: 200, rows: 60 });
    expect(t.screen()).toMatch(todaysBars());
    t.keys('PageDown');
    const s = await t.waitFor('By assignee');
    for (const l of lines(s)) expect(cellWidth(l)).toBeLessThanOrEqual(200);
    expect(s).toMatch(/^Sat {2}[·░▒▓█]{48}$/m);
    expect(s).toContain('By assignee');
    expect(s).toMatch(/First response\s+\d+/);
    expect(s).toMatch(/^New\s+\d+\s+\d+\s+\d+\s+\d+$/m);
  });

  it('in the light theme it has colour; under NO_COLOR none, and the same figures', async () => {
    mkdirSync(join(demo.dir(), 'cfg'), { recursive: true });
    writeFileSync(join(demo.dir(), 'cfg', 'config.json'), JSON.stringify({ theme: 'light' }));
    let t = await openReport({ cols: 80, rows: 30 });
    const light = t.screenAnsi();
    expect(light).toMatch(FOREGROUND);
    expect(light).toContain('Volume per day');
    t = await openReport({ cols: 80, rows: 30 }, { NO_COLOR: '1' });
    const mono = t.screenAnsi();
    expect(mono).toContain('Volume per day');
    expect(mono).not.toMatch(FOREGROUND);
  });
});
