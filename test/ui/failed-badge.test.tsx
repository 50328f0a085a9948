/**
 * The status bar's '✗ n failed' counts the failures the error line is
 * telling about, and leaves with it: after the user moves on, a badge that
 * never went away would hide the next failure in plain sight.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const bar = (frame: string): string => frame.trimEnd().split('\n').at(-2) ?? '';

describe('the failed badge', () => {
  it('shows with the server’s words, goes when they are cleared, and counts again from the next failure', async () => {
    ui = await startUi();
    const gone = focus(ui, 'Where do I change my billing address?');
    ui.sql('DELETE FROM cards WHERE id = ?', gone.id);
    await ui.press('L');
    const failed = await ui.waitFor(/✗ .*not found/);
    expect(bar(failed)).toContain('✗ 1 failed');

    // The next key clears the message; the badge goes with it.
    await ui.press('j');
    const moved = await ui.waitFor((f) => !statusLine(f).includes('not found'));
    expect(bar(moved)).not.toContain('failed');
    expect(ui.store.getState().failedCount).toBe(1);

    // A new failure is counted on its own, not on top of the old one.
    focus(ui, gone.title);
    await ui.press('L');
    const again = await ui.waitFor(/✗ .*not found/);
    expect(bar(again)).toContain('✗ 1 failed');
    expect(ui.store.getState().failedCount).toBe(2);
  });
});
