/**
 * The status bar: the hint line names the keys of whatever takes them now
 * (screen, prompt, y/n, picker, help); while the service rate-limits us, a
 * visible countdown, the change already on screen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

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
    expect(ui.store.getState().view.cards.get(id)?.columnLabel).toBe(s.columns[1]!.label);
    const waiting = await ui.waitFor(/retrying in \d+s/);
    expect(waiting).toContain('pending');
    expect(ui.store.getState().backoff).not.toBeNull();
  });

  it('hints the keys of what is open: y/n, a text prompt, a picker, the help, the card detail', async () => {
    ui = await startUi();
    const board = statusLine(ui.frame());
    expect(board).toContain('hjkl walk');
    focus(ui, 'Where do I change my billing address?');
    await ui.press('a');
    await ui.waitFor('[y/n]');
    expect(statusLine(ui.frame()).trim()).toBe('y yes  n/Esc no');
    await ui.press('n');
    await ui.waitFor((f) => statusLine(f) === board);
    await ui.press('c');
    await ui.waitFor('Comment on');
    expect(statusLine(ui.frame()).trim()).toBe('Enter save  Esc cancel');
    await ui.press('esc');
    await ui.waitFor((f) => !f.includes('Comment on'));
    // The / filter's Enter and Esc mean something else, and the footer says what.
    await ui.press('/');
    await ui.waitFor('Filter — title, tag or assignee');
    expect(statusLine(ui.frame()).trim()).toBe('Enter keep  Esc undo  Tab search every board');
    await ui.press('esc');
    await ui.press('t');
    await ui.waitFor('Tags — Enter applies or removes');
    expect(statusLine(ui.frame()).trim()).toBe('j/k choose  Space mark  Enter apply  / filter  Esc close  ? help');
    // Filtering, j and k are text: the footer says so.
    await ui.press('/');
    await ui.waitFor((f) => statusLine(f).trim() === '↑/↓ choose  Enter pick  Esc clear filter');
    await ui.press('esc');
    await ui.waitFor(
      (f) => statusLine(f).trim() === 'j/k choose  Space mark  Enter apply  / filter  Esc close  ? help',
    );
    await ui.press('esc');
    await ui.press('?');
    await ui.waitFor('Keys of the board — press ? or Esc to close');
    expect(statusLine(ui.frame()).trim()).toBe('Esc/? close');
    await ui.press('esc');
    await ui.press('enter');
    await ui.waitFor('Thread owner');
    expect(statusLine(ui.frame())).toContain('Tab select');
    expect(statusLine(ui.frame())).not.toContain('hjkl');
  });

  it('hints the email sequences as a picker, then the reader’s keys', async () => {
    ui = await startUi();
    await ui.press('S');
    await ui.waitFor('Trial onboarding');
    expect(statusLine(ui.frame()).trim()).toBe('j/k choose  Enter pick  / filter  Esc close  ? help');
    await ui.press('enter');
    await ui.waitFor('Step 1 · after no delay');
    expect(statusLine(ui.frame()).trim()).toBe('j/k scroll  Esc back  ? help');
  });
});
