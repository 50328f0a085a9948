/**
 * `F`, the search of every board, against the real service: the matches
 * listed as the query is typed (no Enter), "searching…" while a query is
 * held on its way, the newest query's matches kept when an older answer
 * comes late, the parser's words under a query it can't read (the text
 * kept), the server's words on the status line when it refuses, ↓ and Enter
 * opening a match on its own board, and the `/` filter's Tab handing its
 * words over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const header = (frame: string): string => frame.split('\n')[0] ?? '';
/** The match in focus: the row the search marks with ›. */
const focusedMatch = (frame: string): string | undefined => frame.split('\n').find((l) => l.startsWith('›'));
/** Typed one key at a time, as a person types. */
const type = (u: Ui, text: string): Promise<void> => u.press(...text);

describe('F: results as you type', () => {
  it('lists the matches without Enter, says "searching…" meanwhile, and opens the one in focus on its board', async () => {
    const u = (ui = await startUi());
    const held = u.hold(/^GET \/v2\/search\?q=pricing&/);
    await u.press('F');
    const open = await u.waitFor('Search every board');
    expect(statusLine(open).trim()).toBe('↑/↓ choose  Enter open  Esc close');
    expect(open).toContain('Type to search every board');
    await type(u, 'pricing');
    await u.until(() => held.waiting === 1, 'the search asked for while typing');
    const asking = await u.waitFor('searching…');
    expect(asking).toContain('reads: pricing');
    held.release();
    const found = await u.waitFor((f) => f.includes('2 cards for pricing') && !f.includes('searching…'));
    expect(found).toContain('Pricing question from Zürich');
    expect(found).toContain('Re: Multi-year pricing for 450 seats');
    expect(focusedMatch(found)).toContain('Sales Pipeline');
    // The text stays editable while the list is there; ↓ moves in the list.
    await u.press('down');
    const moved = await u.waitFor((f) => focusedMatch(f)?.includes('Multi-year pricing') === true);
    expect(moved).toContain('pricing');
    await u.press('enter');
    await u.waitFor('found by search');
    const s = u.store.getState();
    const card = s.view.cards.get(s.cursor.cardId ?? '');
    expect(card?.title).toBe('Re: Multi-year pricing for 450 seats 💼');
    expect(s.boards.items.find((b) => b.Id === s.boardId)?.Name).toBe('Sales Pipeline');
  });

  it('shows the newest query’s matches while an older one is still on its way, and after its answer comes late', async () => {
    const u = (ui = await startUi());
    const older = u.hold(/^GET \/v2\/search\?q=refund&/);
    await u.press('F');
    await u.waitFor('Search every board');
    await type(u, 'refund');
    await u.until(() => older.waiting === 1, 'refund asked for');
    await u.press('C-u');
    await type(u, 'invoice');
    const newer = await u.waitFor((f) => f.includes('2 cards for invoice') && !f.includes('searching…'));
    expect(older.waiting).toBe(1);
    expect(newer).toContain('Invoice in EUR instead of USD');
    expect(newer).not.toContain('Refund processed');

    // An answer the store was already waiting for when a newer query was asked: dropped, whenever it comes.
    const late = u.hold(/^GET \/v2\/search\?q=password&/);
    const first = u.store.getState().searchFor('password');
    await u.until(() => late.waiting === 1, 'password asked for');
    await u.store.getState().searchFor('billing');
    await u.waitFor('1 card for billing');
    older.release();
    late.release();
    await first;
    const s = u.store.getState().search;
    expect(s.answered).toBe('billing');
    expect(s.busy).toBe(false);
    const after = await u.waitFor('1 card for billing');
    expect(after).not.toContain('Password reset');
    expect(after).toContain('Where do I change my billing address?');
  });

  it('says the parser’s words under a query it can’t read, keeps the text and the last matches', async () => {
    const u = (ui = await startUi());
    await u.press('F');
    await u.waitFor('Search every board');
    await type(u, 'pricing');
    await u.waitFor((f) => f.includes('2 cards for pricing') && !f.includes('searching…'));
    await type(u, ' is:urgent');
    const bad = await u.waitFor('is: takes unread, read, archived, waiting, snoozed, late');
    expect(bad).toContain('pricing is:urgent');
    // What is listed says what it was found for.
    expect(bad).toContain('2 cards for pricing');
    for (let i = 0; i < ' is:urgent'.length; i++) await u.press('backspace');
    const good = await u.waitFor((f) => f.includes('reads: pricing') && !f.includes('is: takes'));
    expect(good).toContain('2 cards for pricing');
  });

  it('puts the server’s words on the status line when it refuses', async () => {
    // 40 requests a minute: opening the board uses about 8; `other` (same key) spends the rest.
    const u = (ui = await startUi({ rateLimit: 40 }));
    for (let spent = 0; ; spent++) {
      try {
        await u.other.listBoards();
      } catch {
        break;
      }
      if (spent > 60) throw new Error('the rate limit never answered 429');
    }
    await u.press('F');
    await u.waitFor('Search every board');
    await type(u, 'pricing');
    const refused = await u.waitFor('Not searched');
    expect(statusLine(refused)).toMatch(/✗ Too many requests: the limit is 40 per minute per key/);
    // The text is still there to search again.
    expect(refused).toContain('pricing');
    // The refusal goes with the search.
    await u.press('esc');
    await u.waitFor((f) => !f.includes('Search every board') && !statusLine(f).includes('Too many requests'));
    expect(u.store.getState().lastError).toBeNull();
  });
});

describe('/ hands its words to the search', () => {
  it('Tab in the filter prompt, and on the board with the filter on, searches every board for them', async () => {
    const u = (ui = await startUi());
    await u.press('/');
    const prompt = await u.waitFor('Filter — title, tag or assignee');
    expect(prompt).toContain('Tab searches every board');
    await u.paste('pricing');
    await u.waitFor((f) => header(f).includes('filter: pricing (0 matches)'));
    await u.press('tab');
    const handed = await u.waitFor((f) => f.includes('Search every board') && f.includes('2 cards for pricing'));
    expect(handed).toContain('reads: pricing');
    expect(handed).not.toContain('Filter — title');
    await u.press('esc');
    // The filter stays as typed, as Enter would have kept it; Tab on the board hands it over again.
    const board = await u.waitFor((f) => !f.includes('Search every board') && header(f).includes('filter: pricing'));
    expect(board).toContain('In progress (');
    await u.press('tab');
    await u.waitFor((f) => f.includes('Search every board') && f.includes('2 cards for pricing'));
    await u.press('esc');
    await u.waitFor((f) => !f.includes('Search every board'));
    // No filter: nothing to hand over, and the status line says so.
    await u.press('esc');
    await u.waitFor((f) => !header(f).includes('filter:'));
    await u.press('tab');
    const none = await u.waitFor('No filter words to search for');
    expect(statusLine(none)).toContain('/ filters the board, then Tab searches every board');
  });
});
