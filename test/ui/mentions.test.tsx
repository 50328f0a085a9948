/**
 * Mentions in the comment prompt: `@` and a few letters lists the board's
 * people it would mention, or says no one goes by them; a mention stored by
 * the service is drawn apart under the comment in the detail.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

describe('mentions', () => {
  it('@ lists the board’s people as typed and Tab completes one; the stored mention shows under the comment', async () => {
    ui = await startUi({ columns: 120 });
    await ui.teammate('jo.park@example.com');
    // The board's people come with the boards list (a live event reads it again; this test has none).
    await ui.store.getState().loadBoards();
    await ui.until(
      () => ui.store.getState().boards.items.some((b) => (b.Users ?? []).includes('jo.park@example.com')),
      'the new member in the boards list',
    );
    await ui.press('enter');
    await ui.until(() => ui.store.getState().detail?.data?.Comments !== undefined, 'the detail read');
    await ui.press('c');
    await ui.waitFor('Comment on');
    await ui.paste('@zed');
    await ui.waitFor('@zed: no one on this board by that name');
    await ui.press('C-u');
    await ui.paste('@jo');
    await ui.waitFor('mention: @jo.park (jo.park@example.com)');
    // Tab completes the one address-name it begins.
    await ui.press('tab');
    await ui.waitFor('@jo.park ');
    await ui.paste('can you check the refund?');
    await ui.press('enter');
    await ui.until(
      () => (ui.store.getState().detail?.data?.Comments ?? []).some((c) => (c.Mentions ?? []).length > 0),
      'the comment read back with its mention',
    );
    // The comments are below the thread.
    await ui.press(...Array<string>(80).fill('j'));
    const frame = await ui.waitFor(/@ mentions /);
    expect(frame).toContain('can you check the refund?');
  });
});
