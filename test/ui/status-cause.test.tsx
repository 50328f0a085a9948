/**
 * The status bar says the cause first: with the server gone it leads with
 * "Can't reach <host>" and when it was last reached — not with what the
 * outage broke (the tags) — and a message longer than the terminal is wide
 * (where a refused key came from) wraps instead of being cut.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { explainKeyRefusals } from '../../src/config/key-refused.js';
import { startUi, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

/** The status bar's first line: the inverse one, under the screen and above the message. */
const stateLine = (frame: string): string =>
  frame.split('\n').find((l) => l.startsWith(' Support Inbox') || l.startsWith(' ✗')) ?? '';

const hhmm = (at: number): string => {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe('the cause first', () => {
  it('the server gone: "Can’t reach <host> (last reached hh:mm)" leads, no tags warning', async () => {
    ui = await startUi();
    const before = Date.now();
    await ui.stopService();
    await ui.press('r');
    const frame = await ui.waitFor('Can’t reach');
    const line = stateLine(frame);
    // The last answer came just before the service stopped: that minute, or the next if it turned meanwhile.
    expect([hhmm(before), hhmm(Date.now())].map((t) => `✗ Can’t reach test (last reached ${t}) · r retries`)).toContain(
      line.slice(1, line.indexOf(' │')),
    );
    expect(frame).not.toContain('tags not loaded');
    expect(ui.store.getState().unreachable).not.toBeNull();
  });

  it('the server back: the line goes with the next answer', async () => {
    ui = await startUi();
    const s = ui.store.getState();
    ui.store.setState({ unreachable: { since: Date.now(), lastReached: null } });
    await ui.waitFor('not reached since inboard started');
    await ui.press('r');
    await ui.waitFor((f) => !f.includes('Can’t reach'));
    expect(s.boardId).toBe(ui.store.getState().boardId);
    expect(ui.store.getState().unreachable).toBeNull();
  });

  it('a refused key’s hint wraps at 100 columns, read whole', async () => {
    const path = '/home/someone/.local/share/inboard/embedded/service-key.json';
    ui = await startUi({ columns: 100, wrapClient: (c) => explainKeyRefusals(c, { from: 'embedded', path }) });
    ui.sql('UPDATE api_keys SET revoked_at = ?', new Date().toISOString());
    await ui.press('r');
    const frame = await ui.waitFor('the key came from');
    const lines = frame.trimEnd().split('\n');
    const at = lines.findIndex((l) => l.startsWith('✗ '));
    const message = lines
      .slice(at)
      .map((l) => l.trimEnd())
      .join(' ');
    expect(message).toContain(
      `the key came from the embedded service's key file ${path}; delete that file to have a new one made, then run inboard again`,
    );
    // The frame still fits the terminal: the screen above gave up the rows.
    expect(lines.length).toBeLessThanOrEqual(24);
  });
});
