/** The status bar while the service rate-limits us: a visible countdown, then the change already on screen. */
import { afterEach, describe, expect, it } from 'vitest';
import { startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

describe('status bar', () => {
  it('counts down while backing off from a 429, the move already on screen', async () => {
    // 40 requests a minute: opening the board uses about 8; `other` (same key) spends the rest.
    ui = await startUi({ rateLimit: 40, maxAttempts: 3 });
    let spent = 0;
    for (;;) {
      try {
        await ui.other.listBoards();
        spent++;
      } catch {
        break;
      }
      if (spent > 60) throw new Error('the rate limit never answered 429');
    }
    const s = ui.store.getState();
    const id = s.cursor.cardId!;
    await ui.press('L');
    // Optimistic at once, and the wait is shown, not slept through silently.
    expect(ui.store.getState().view.cards[id]?.columnLabel).toBe(s.columns[1]!.label);
    const waiting = await ui.waitFor(/retrying in \d+s/);
    expect(waiting).toContain('pending');
    expect(ui.store.getState().backoff).not.toBeNull();
  });
});
