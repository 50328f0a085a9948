/**
 * A refused key (401) on the board's screens: pressing r cannot help, so
 * none is offered; the line says where the key came from and how to give
 * another (the client wrapped as connect() wraps it).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { explainKeyRefusals } from '../../src/config/key-refused.js';
import { startUi, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const LIST = /^GET \/v2\/board$/;
const REFUSED = '✗ Invalid or revoked API key — the key came from --api-key; pass a valid one, then run inboard again';
const errorLine = (frame: string): string =>
  frame
    .split('\n')
    .find((l) => l.includes('✗'))
    ?.trim() ?? '';
const revokeEveryKey = (u: Ui) => u.sql('UPDATE api_keys SET revoked_at = ?', new Date().toISOString());

describe('a refused key', () => {
  it('the board list says where the key came from, and offers no retry', async () => {
    ui = await startUi({
      board: null,
      holdFromStart: LIST,
      wrapClient: (c) => explainKeyRefusals(c, { from: 'flag' }),
    });
    await ui.until(() => ui!.held.waiting === 1, 'the list asked for');
    revokeEveryKey(ui);
    ui.held.release();
    const frame = await ui.waitFor('the key came from --api-key');
    expect(errorLine(frame)).toBe(REFUSED);
    expect(frame).not.toContain('press r to retry');
  });

  it('a board that cannot open says the same', async () => {
    ui = await startUi({ board: null, wrapClient: (c) => explainKeyRefusals(c, { from: 'flag' }) });
    await ui.waitFor('Support Inbox');
    revokeEveryKey(ui);
    await ui.press('enter');
    const frame = await ui.waitFor((f) => !f.includes('Boards') && f.includes('the key came from --api-key'));
    expect(errorLine(frame)).toBe(REFUSED);
    expect(frame).not.toContain('press r to retry');
  });

  it('any other failure still offers r', async () => {
    ui = await startUi({ board: null, holdFromStart: LIST, wrapClient: (c) => explainKeyRefusals(c, { from: 'env' }) });
    await ui.until(() => ui!.held.waiting === 1, 'the list asked for');
    ui.sql("UPDATE users SET plan = 'free'");
    ui.held.release();
    expect(errorLine(await ui.waitFor('press r to retry'))).toContain('API access requires the Pro plan');
  });
});
