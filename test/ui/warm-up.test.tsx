/**
 * The detail warm-up (ui/warm-up.tsx): once the app is idle, a sample card's
 * detail is drawn by the real CardDetail into an Ink instance of its own —
 * and nothing of the app's own screen, store or keys changes for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startDetailWarmUp } from '../../src/ui/warm-up.js';
import { focus, startUi, tick, type Ui } from './helpers.js';

let ui: Ui;
let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  await ui?.close();
});

const TITLE = 'Onboarding call follow-up: template library';

/** Until the store has not changed for `ms`. */
async function quiet(u: Ui, ms: number): Promise<void> {
  let last = Date.now();
  const unsubscribe = u.store.subscribe(() => (last = Date.now()));
  try {
    while (Date.now() - last < ms) await tick(ms / 4);
  } finally {
    unsubscribe();
  }
}

describe('the detail warm-up', () => {
  it('draws a whole card off-screen once the board is idle, leaving the screen, the store and the keys as they were', async () => {
    ui = await startUi();
    focus(ui, TITLE);
    // The app's own reading ahead (the focused card, its neighbours, their threads) done first.
    await quiet(ui, 300);
    const before = ui.frame();
    const state = ui.store.getState();
    const changes: string[] = [];
    const unsubscribe = ui.store.subscribe((s, prev) => {
      for (const k of Object.keys(s) as (keyof typeof s)[]) if (s[k] !== prev[k]) changes.push(k);
    });
    let off = '';
    let thread = '';
    let done = 0;
    stop = startDetailWarmUp(ui.store, {
      size: () => ({ width: 100, height: 40 }),
      idleMs: 5,
      readerIdleMs: 5,
      sink: (s) => (off += s),
      onThread: (lines) => (thread = lines.map((l) => l.text).join('\n')),
      onDone: () => done++,
    });
    await ui.until(() => done === 1, 'the warm-up ran');
    // The sample thread was read as the detail reads one, in a step after the frames: the HTML message as
    // text (the HTML reader loaded), the quote folded.
    expect(thread).toContain('the refund');
    expect(thread).toContain('€12');
    expect(thread).not.toContain('<p>');
    expect(thread).toContain('folded');
    unsubscribe();

    // What was drawn off-screen: the sample card, every section of it.
    for (const part of ['Invoice 10482', 'Thread owner', 'Notes (2)', 'Comments (2)', 'Sub-tasks (2)', 'loading…'])
      expect(off).toContain(part);
    // Drawn as the detail, not as Ink's error screen (a detail that needs more than the warm-up gives it).
    expect(off).not.toContain('ERROR');
    // Nothing of it reached the app: the same frame, no store change caused by it, the cursor where it was
    // (answers to the app's own start-up requests — who the user is, the archived cards, the focused
    // card's email thread read ahead with its detail — may land meanwhile).
    expect(ui.frame()).toBe(before);
    expect(changes.filter((k) => !['me', 'archived', 'threads', 'threadsOffered'].includes(k))).toEqual([]);
    expect(ui.store.getState().cursor).toEqual(state.cursor);
    expect(ui.store.getState().detail).toBeNull();

    // The keys go on as before: Enter opens the focused card, Esc comes back.
    await ui.press('enter');
    const detail = await ui.waitFor('Thread owner');
    expect(detail.split('\n', 1)[0]).toContain(TITLE);
    expect(detail).not.toContain('Invoice 10482');
    await ui.press('esc');
    await ui.waitFor((f) => f === before);
    // Once only.
    await tick(50);
    expect(done).toBe(1);
  });

  it('loads the HTML reader in a step of its own, only once the board has been quiet longer after the frames', async () => {
    ui = await startUi();
    await quiet(ui, 300);
    let off = '';
    let thread = '';
    stop = startDetailWarmUp(ui.store, {
      size: () => ({ width: 100, height: 40 }),
      idleMs: 5,
      readerIdleMs: 60_000,
      sink: (s) => (off += s),
      onThread: (lines) => (thread = lines.map((l) => l.text).join('\n')),
    });
    // Every frame drawn (the last shows the card's end)…
    await ui.until(() => off.split('Sub-tasks (2)').length > 3, 'the frames were drawn');
    expect(off).toContain('Invoice 10482');
    // …and their thread was the plain message only: the HTML one is left to the reader's step, not yet run.
    expect(off).not.toContain('€12');
    await tick(100);
    expect(thread).toBe('');
  });

  it('does not run when a card was opened first (its code is warm by then)', async () => {
    ui = await startUi();
    let off = '';
    let done = 0;
    await ui.press('enter');
    await ui.waitFor('Thread owner');
    stop = startDetailWarmUp(ui.store, {
      size: () => ({ width: 100, height: 40 }),
      idleMs: 5,
      sink: (s) => (off += s),
      onDone: () => done++,
    });
    await ui.press('esc');
    await ui.waitFor('In progress (');
    // Idle many times over the warm-up's 5 ms: it would have run by now.
    await tick(100);
    expect(done).toBe(0);
    expect(off).toBe('');
  });
});
