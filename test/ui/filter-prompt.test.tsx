/**
 * The `/` prompt filters as you type; Enter keeps the filter and Esc puts
 * back the one there was before `/` — it used to drop the filter altogether,
 * and its key line read "Enter keeps it · Enter save · Esc cancel". Terms
 * (is:, tag:, assignee:me…) are named in the header as read; what cannot be
 * read is said under the prompt and keeps it open.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '../../src/store/index.js';
import { startUi, statusLine, tick, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const header = (frame: string): string => frame.split('\n')[0] ?? '';

describe('the / filter prompt', () => {
  it('Esc while refining a filter puts the earlier one back; on a board without one it drops what was typed', async () => {
    ui = await startUi();
    await ui.press('/');
    const open = await ui.waitFor('Filter — title, tag or assignee');
    expect(open).toContain('filters as you type · Enter keeps it · Esc drops it');
    expect(open).not.toContain('Enter save · Esc cancel');
    // The footer says the same as the prompt's own line, not a prompt's save/cancel.
    expect(statusLine(open).trim()).toBe('Enter keep  Esc undo  Tab search every board');
    await ui.paste('refund');
    await ui.press('enter');
    await ui.waitFor((f) => header(f).includes('filter: refund (') && !f.includes('Filter — title'));

    await ui.press('/');
    const refine = await ui.waitFor('Esc puts back the filter you had');
    expect(refine).toContain('refund');
    await ui.paste('zzz');
    await ui.waitFor((f) => header(f).includes('filter: refundzzz (0 matches)'));
    await ui.press('esc');
    const back = await ui.waitFor((f) => !f.includes('Filter — title'));
    expect(header(back)).toMatch(/filter: refund \(\d+ match/);
    expect(ui.store.getState().filter?.text).toBe('refund');

    // Esc on the board clears it; then / text Esc leaves the board unfiltered.
    await ui.press('esc');
    await ui.waitFor((f) => !header(f).includes('filter:'));
    await ui.press('/');
    await ui.waitFor('Esc drops it');
    await ui.paste('invoice');
    await ui.waitFor((f) => header(f).includes('filter: invoice ('));
    await ui.press('esc');
    await ui.waitFor((f) => !header(f).includes('filter:') && !f.includes('Filter — title'));
  });

  it('a filter that shows nothing in the focused column takes the focus to the nearest column with a match', async () => {
    ui = await startUi();
    expect(ui.store.getState().cursor.col).toBe(0);
    await ui.press('/');
    await ui.waitFor('Filter — title, tag or assignee');
    await ui.paste('quick fix on the outlook');
    await ui.press('enter');
    await ui.waitFor((f) => header(f).includes('filter: quick fix on the outlook (1 match)'));
    const s = ui.store.getState();
    const card = s.view.cards.get(s.cursor.cardId ?? '');
    expect(card?.title).toBe('Thanks for the quick fix on the Outlook plugin!');
    expect(s.columns[s.cursor.col]?.label).toBe(card?.columnLabel);
    expect(s.cursor.col).toBeGreaterThan(0);
    // Walking keys stay in their column: h onto a column without a match stays there.
    await ui.press('h');
    await ui.until(() => ui!.store.getState().cursor.col === s.cursor.col - 1, 'focus one column left');
  });

  it('terms: the header names what was read; what cannot be read is said under the prompt, kept as typed', async () => {
    ui = await startUi();
    const s = () => ui!.store.getState();
    const bug = s().tags.find((t) => t.Name === 'Bug')!.Id;
    const count = (keep: (c: Card) => boolean) => [...s().view.cards.values()].filter(keep).length;
    const unreadBugs = count((c) => c.unread && c.tagIds.includes(bug));
    expect(unreadBugs).toBeGreaterThan(0);

    await ui.press('/');
    await ui.waitFor('Filter — title, tag or assignee');
    await ui.paste('is:unread tag:bug');
    await ui.waitFor((f) => header(f).includes(`filter: unread · tag:bug (${unreadBugs} match`));

    // Half-typed: the prompt says what is:… takes; the board keeps filtering by the rest.
    await ui.paste(' is:xyz');
    const wrong = await ui.waitFor("✗ is: takes unread, read, overdue, waiting, late or snoozed (not 'xyz')");
    expect(header(wrong)).toContain(`filter: unread · tag:bug (${unreadBugs} match`);
    // Enter keeps the prompt open, with the text as typed.
    await ui.press('enter');
    await tick(50);
    const still = await ui.waitFor('Filter — title, tag or assignee');
    expect(still).toContain('is:unread tag:bug is:xyz');
    expect(still).toContain('✗ is: takes unread, read, overdue, waiting, late or snoozed');

    await ui.press('backspace', 'backspace', 'backspace');
    await ui.paste('read');
    await ui.waitFor(
      (f) => !f.includes('✗ is: takes') && header(f).includes('filter: unread · tag:bug · read (0 matches)'),
    );
    await ui.press('backspace', 'backspace', 'backspace', 'backspace', 'backspace', 'backspace', 'backspace');
    await ui.paste('-"sso"');
    const none = count((c) => c.unread && c.tagIds.includes(bug) && !c.title.toLowerCase().includes('sso'));
    await ui.waitFor((f) => header(f).includes(`filter: unread · tag:bug · not "sso" (${none} match`));
    await ui.press('enter');
    await ui.waitFor((f) => !f.includes('Filter — title'));
    expect(s().filter?.text).toBe('is:unread tag:bug -"sso"');
  });

  it('assignee:me is the owner of the key, as the local service says (GET /v2/me)', async () => {
    ui = await startUi();
    const s = () => ui!.store.getState();
    await ui.until(() => s().me?.email != null, 'the server said whose key this is');
    const me = s().me!.email!;
    const mine = [...s().view.cards.values()].filter((c) => (c.assignees ?? []).includes(me)).length;
    expect(mine).toBeGreaterThan(0);
    await ui.press('/');
    await ui.waitFor('Filter — title, tag or assignee');
    await ui.paste('assignee:me');
    await ui.waitFor((f) => header(f).includes(`filter: assignee:me (${mine} match`));
    await ui.press('enter');
    await ui.waitFor((f) => !f.includes('Filter — title') && header(f).includes('filter: assignee:me ('));
  });
});
