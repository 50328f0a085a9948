/** `r`: "refreshing…" on the status bar's first line while it runs, then "refreshed HH:MM" (local time). */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_TEAMMATE } from '../../src/server/seed.js';
import { DEFAULT_OWNER_EMAIL } from '../../src/server/index.js';
import { startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

/** The status bar's first line. */
const stateLine = (frame: string): string => frame.trimEnd().split('\n').at(-2) ?? '';
const hhmm = (d: Date): string => `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
const COLUMNS = /^GET \/v2\/board\/\d+\/columns/;

describe('r on the status bar', () => {
  it('says refreshing… while the lists are on their way, then the local time it finished', async () => {
    ui = await startUi();
    expect(stateLine(ui.frame())).not.toMatch(/refresh/);
    const lists = ui.hold(COLUMNS);
    await ui.press('r');
    const running = await ui.waitFor((f) => stateLine(f).includes('refreshing…'));
    expect(stateLine(running)).toMatch(/^ Support Inbox │ test │ refreshing…/);
    const before = new Date();
    lists.release();
    const done = await ui.waitFor((f) => /refreshed \d\d:\d\d/.test(stateLine(f)));
    const after = new Date();
    const shown = /refreshed (\d\d:\d\d)/.exec(stateLine(done))![1];
    expect([hhmm(before), hhmm(after)]).toContain(shown);
    expect(stateLine(done)).not.toContain('refreshing…');
  });

  it('a refresh that fails keeps the time of the last good one (none here) and the status bar says why', async () => {
    ui = await startUi();
    const lists = ui.hold(COLUMNS);
    await ui.press('r');
    await ui.waitFor((f) => stateLine(f).includes('refreshing…'));
    // The board is no longer ours by the time the lists are read.
    ui.sql(
      'UPDATE boards SET owner_id = (SELECT id FROM users WHERE email = ?) WHERE id = ?',
      DEMO_TEAMMATE,
      ui.boardId,
    );
    lists.release();
    const failed = await ui.waitFor((f) => statusLine(f).startsWith('✗') && !stateLine(f).includes('refreshing…'));
    expect(stateLine(failed)).not.toMatch(/refreshed/);
    ui.sql(
      'UPDATE boards SET owner_id = (SELECT id FROM users WHERE email = ?) WHERE id = ?',
      DEFAULT_OWNER_EMAIL,
      ui.boardId,
    );
    await ui.press('r');
    await ui.waitFor((f) => /refreshed \d\d:\d\d/.test(stateLine(f)));
  });

  it('the automatic refresh says when it ended too, without a key', async () => {
    ui = await startUi({ refreshSeconds: 0.2 });
    expect(stateLine(ui.frame())).not.toMatch(/refreshed/);
    const before = new Date();
    // The frame that said it: by the time waitFor returns, the next refresh (0.2 s on) may be running.
    let done = '';
    await ui.waitFor((f) => /refreshed \d\d:\d\d/.test(stateLine(f)) && (done = f) !== '');
    const shown = /refreshed (\d\d:\d\d)/.exec(stateLine(done))![1];
    expect([hhmm(before), hhmm(new Date())]).toContain(shown);
  });
});
