/**
 * A prompt's error shows once: a refusal is on the status bar (the line
 * under the prompt), so the prompt doesn't repeat it — until the status bar
 * moves on. "Type something first" goes as soon as there is text.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

const times = (frame: string, text: string): number => frame.split(text).length - 1;

describe('prompt errors', () => {
  it('a refused comment: the server’s words once, on the status bar; the prompt says them once the status bar has moved on', async () => {
    ui = await startUi();
    const card = focus(ui, 'Your app saved our Monday 🙌 thank you!');
    await ui.other.archiveCard(card.id);
    await ui.press('c');
    await ui.paste('Thanks, passing it on!');
    await ui.press('enter');
    const why = `Card ${card.id} is archived`;
    const refused = await ui.waitFor(`✗ ${why}`);
    expect(times(refused, why)).toBe(1);
    expect(statusLine(refused)).toContain(why);
    expect(refused).toContain('Thanks, passing it on!');
    // A success elsewhere clears the status bar: the prompt keeps the reason.
    ui.store.getState().clearError();
    const later = await ui.waitFor((f) => !statusLine(f).includes(why) && f.includes(`✗ ${why}`));
    expect(times(later, why)).toBe(1);
    expect(later).toContain('Thanks, passing it on!');
  });

  it('a refused title (reopened) and a refused new card: once each', async () => {
    ui = await startUi();
    focus(ui, 'Where do I change my billing address?');
    await ui.press('e', 'end');
    await ui.paste('!'.repeat(480));
    await ui.press('enter');
    const why = 'CardTitle: must be at most 500 characters';
    await ui.waitFor(`✗ ${why}`);
    const edit = await ui.waitFor('Edit title');
    expect(times(edit, why)).toBe(1);
    await ui.press('esc');
    await ui.press('n');
    await ui.paste('y'.repeat(501));
    await ui.press('enter', 'enter');
    const card = await ui.waitFor((f) => f.includes('New card in New — title') && f.includes(`✗ ${why}`));
    expect(times(card, why)).toBe(1);
  });

  it('“Type something first” shows once and goes as soon as the text is not empty', async () => {
    ui = await startUi();
    await ui.press('c');
    await ui.waitFor('Comment on');
    await ui.press('enter');
    const hinted = await ui.waitFor('Type something first');
    expect(times(hinted, 'Type something first')).toBe(1);
    await ui.press('x');
    const typing = await ui.waitFor((f) => !f.includes('Type something first'));
    expect(typing).toContain('Comment on');
    // Empty again and Enter: the hint is back.
    await ui.press('backspace', 'enter');
    await ui.waitFor('Type something first');
  });
});
