/**
 * Type-ahead through the key router, over the real service: keys typed
 * before a picker or prompt is drawn, or while a picker's options load,
 * are kept and applied in order. Slow answers are real requests held back
 * (`ui.hold`), released when the keys are in.
 */
import type { Key } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyRouter, NO_KEY } from '../../src/ui/hooks/use-key-router.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { focus, startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

const NONE: Key = NO_KEY;
const ESC: Key = { ...NONE, escape: true, meta: true };

/** A router whose screen and handlers write what they get into `got`. */
function routed() {
  const router = new KeyRouter();
  const got: string[] = [];
  const to = (who: string) => ({
    current: (input: string, key: Key) => void got.push(`${who}:${key.return ? '⏎' : key.escape ? 'esc' : input}`),
  });
  router.setScreen((input, key) => {
    to('screen').current(input, key);
    if (input === 't') router.expectChange(); // t opens an overlay
  });
  return { router, got, to };
}

describe('KeyRouter', () => {
  it('keys after the one that opens an overlay wait for it to be drawn, then go to it in order', () => {
    const { router, got, to } = routed();
    router.feed('tj\r', NONE);
    router.feed('k', NONE);
    expect(got).toEqual(['screen:t']);
    router.push(to('picker'));
    router.settle();
    expect(got).toEqual(['screen:t', 'picker:j', 'picker:⏎', 'picker:k']);
  });

  it('a waiting handler gets its keys once it is done waiting; Esc goes through at once and takes them with it', () => {
    const { router, got, to } = routed();
    const waiting = { current: true };
    router.push(to('picker'), false, waiting);
    router.feed('j', NONE);
    router.feed('\r', { ...NONE, return: true });
    expect(got).toEqual([]);
    waiting.current = false;
    router.pump();
    expect(got).toEqual(['picker:j', 'picker:⏎']);
    waiting.current = true;
    router.feed('j', NONE);
    router.feed('', ESC);
    waiting.current = false;
    router.pump();
    expect(got).toEqual(['picker:j', 'picker:⏎', 'picker:esc']);
  });
});

describe('KeyRouter leaving keys', () => {
  it('a key the waiting handler leaves on goes through at once when typed first; after other keys it waits like text', () => {
    const { router, got, to } = routed();
    const waiting = { current: true };
    const leaves = (input: string) => input === 'q';
    router.push(to('list'), false, waiting, { leaves });
    router.feed('q', NONE);
    expect(got).toEqual(['list:q']);
    router.feed('/', NONE);
    router.feed('q', NONE);
    expect(got).toEqual(['list:q']);
    waiting.current = false;
    router.pump();
    expect(got).toEqual(['list:q', 'list:/', 'list:q']);
  });
});

describe('KeyRouter pinned handler', () => {
  it('stays on top of handlers registered after it; they get keys once it is gone', () => {
    const { router, got, to } = routed();
    const unpin = router.push(to('help'), false, { current: false }, { pinned: true });
    router.push(to('picker'));
    router.feed('j', NONE);
    expect(got).toEqual(['help:j']);
    unpin();
    router.feed('k', NONE);
    expect(got).toEqual(['help:j', 'picker:k']);
  });
});

describe('KeyRouter hand-off', () => {
  it('keys after one that hands off wait for the next handler to register, then go to it', () => {
    const { router, got, to } = routed();
    const list = to('list');
    const pop = router.push({
      current: (input, key) => {
        list.current(input, key);
        if (key.return) router.handOff(); // Enter opens what the view shows next
      },
    });
    router.feed('\rj', NONE);
    expect(got).toEqual(['list:⏎']);
    pop();
    router.push(to('reader'));
    expect(got).toEqual(['list:⏎', 'reader:j']);
  });
});

describe('keys typed before the overlay is drawn', () => {
  it('t then j ⏎ in one read pick the second tag, not the board’s next card', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    ui.pasteRaw('tj\r');
    await ui.waitFor('✓ Tagged Bug');
    expect(ui.store.getState().cursor.cardId).toBe(card.id);
    expect(ui.frame()).toContain('In progress (');
    await ui.until(() => ui.store.getState().pendingCount === 0, 'tag saved');
    expect((await ui.other.getCard(card.id)).Tags!.map((t) => t.Name).sort()).toEqual(['Bug', 'Question']);
  });

  it('/ and the text in one read: the text is the filter', async () => {
    ui = await startUi();
    ui.pasteRaw('/bill');
    await ui.waitFor(/filter: bill \(\d+ match(?:es)?\)/);
    expect(ui.frame()).toContain('Filter — title, tag or assignee');
  });
});

describe('keys typed while a picker loads', () => {
  it('a whole move typed while the other board’s columns load: applied in order once they come', async () => {
    ui = await startUi();
    const card = focus(ui, 'Which plan includes audit logs?');
    const columns = ui.hold(/^GET \/v2\/board\/\d+\/columns/);
    await ui.press('m');
    await ui.waitFor('Move to column');
    await ui.press('j', 'j', 'j', 'j', 'enter'); // Another board…
    await ui.waitFor('Move to board');
    await ui.press('enter'); // Sales Pipeline
    await ui.waitFor('loading columns…');
    // Contacted, then Bottom: typed while the columns are on their way.
    await ui.press('j', 'enter', 'j', 'enter');
    await ui.until(() => columns.waiting === 1, 'the columns asked for');
    expect(ui.frame()).toContain('Move to column on Sales Pipeline');
    expect(ui.store.getState().view.cards.get(card.id)).toBeDefined();
    columns.release();
    await ui.waitFor('✓ Moved to Sales Pipeline / Contacted');
    const sales = readableBoards(await ui.other.listBoards()).find((b) => b.Name === 'Sales Pipeline')!;
    const contacted = (await ui.other.listColumns(sales.Id)).find((c) => c.Name === 'Contacted')!;
    expect(readableCards(await ui.other.listCards(sales.Id, contacted.Id, 1)).at(-1)?.TaskName).toBe(
      'Which plan includes audit logs?',
    );
  });

  it('the email sequences: j ⏎ typed while the list loads open the second one', async () => {
    ui = await startUi();
    const list = ui.hold(/^GET \/v2\/email-?sequence/i);
    await ui.press('S', 'j', 'enter');
    await ui.waitFor('loading…');
    await ui.until(() => list.waiting === 1, 'the list asked for');
    list.release();
    await ui.until(() => ui.store.getState().sequence?.data != null, 'a sequence open');
    const items = ui.store.getState().sequences.items;
    expect(ui.store.getState().sequence?.id).toBe(String(items[1]!.EmailTemplateId));
    await ui.waitFor('Step 1');
  });

  it('Esc while loading closes the picker at once; the keys typed for it go with it', async () => {
    ui = await startUi();
    const list = ui.hold(/^GET \/v2\/email-?sequence/i);
    await ui.press('S', 'j', 'enter');
    await ui.waitFor('loading…');
    await ui.press('esc');
    await ui.waitFor((f) => f.includes('In progress (') && !f.includes('Email sequences'));
    list.release();
    await ui.until(() => !ui.store.getState().sequences.loading, 'the list answered');
    expect(ui.store.getState().sequence).toBeNull();
    // The board takes keys again.
    await ui.press('j');
    await ui.until(() => ui.store.getState().cursor.index === 1, 'the cursor moved');
  });

  it('tags of a board just opened: t j ⏎ before they arrive tag the card with the second one', async () => {
    ui = await startUi();
    const sales = readableBoards(await ui.other.listBoards()).find((b) => b.Name === 'Sales Pipeline')!;
    const tags = ui.hold(/^GET \/v2\/tag\?/);
    void ui.store.getState().openBoard(sales.Id);
    await ui.until(
      () => ui.store.getState().cursor.cardId !== null && !ui.store.getState().boardLoading,
      'board loaded',
    );
    const cardId = ui.store.getState().cursor.cardId!;
    const before = (await ui.other.getCard(cardId)).Tags?.map((t) => t.Id) ?? [];
    await ui.press('t', 'j', 'enter');
    await ui.waitFor('loading…');
    expect(ui.frame()).toContain('Tags — Enter applies or removes');
    tags.release();
    const second = (await ui.other.listTags(sales.Id))[1]!;
    await ui.until(() => ui.store.getState().pendingCount === 0 && !ui.store.getState().tagsLoading, 'tag saved');
    await ui.waitFor(second.Name);
    const after = (await ui.other.getCard(cardId)).Tags!.map((t) => t.Id);
    expect(after.includes(second.Id)).toBe(!before.includes(second.Id));
  });

  it('assignees while the boards list reloads: @ j ⏎ assign the board’s second person', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    const boards = ui.hold(/^GET \/v2\/board$/);
    void ui.store.getState().loadBoards();
    await ui.press('@', 'j', 'enter');
    await ui.waitFor('loading…');
    expect(ui.store.getState().view.cards.get(card.id)?.assignees ?? []).toEqual([]);
    boards.release();
    await ui.waitFor('✓ Assigned sam.rivera@example.com');
    expect((await ui.other.getCard(card.id)).Assignees).toEqual(['sam.rivera@example.com']);
  });
});

describe('the email sequences: the list, then the sequence opened from it', () => {
  const topLine = (frame: string): string => frame.split('\n')[0] ?? '';

  it('S j ⏎ j in one read: the last j scrolls the sequence opened, once it has loaded', async () => {
    ui = await startUi();
    const detail = ui.hold(/^GET \/v2\/email-sequence\//);
    // The second sequence: four steps, more than the screen shows.
    ui.pasteRaw('Sj\rj');
    await ui.until(() => detail.waiting === 1, 'the sequence asked for');
    const second = ui.store.getState().sequences.items[1]!;
    expect(ui.store.getState().sequence?.id).toBe(String(second.EmailTemplateId));
    detail.release();
    await ui.waitFor('Step 1 · after 1 day');
    // Scrolled by one line: the name is gone, the line under it is on top.
    await ui.waitFor((f) => topLine(f).startsWith('created '));
    expect(ui.frame()).not.toContain('Email sequences');
  });

  it('q j ⏎ in one read from a sequence: back to the list, and the second one opens', async () => {
    ui = await startUi();
    await ui.press('S');
    await ui.waitFor('Trial onboarding');
    await ui.press('enter');
    await ui.waitFor('Step 1 · after no delay');
    ui.pasteRaw('qj\r');
    const second = ui.store.getState().sequences.items[1]!;
    await ui.until(
      () => ui.store.getState().sequence?.id === String(second.EmailTemplateId),
      'the second sequence open',
    );
    await ui.waitFor((f) => topLine(f).startsWith(second.Name));
  });
});

describe('keys typed while a prompt saves', () => {
  it('wait for the answer instead of reaching the board behind it, then apply', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    const at = ui.store.getState().cursor.index;
    const comments = ui.hold(/^POST \/v2\/comment/);
    await ui.press('c');
    await ui.paste('Sent the form');
    await ui.press('enter');
    await ui.waitFor('saving…');
    await ui.press('j', 'j');
    await ui.until(() => comments.waiting === 1, 'the comment sent');
    expect(ui.store.getState().cursor.cardId).toBe(card.id);
    expect(ui.frame()).toContain('saving…');
    comments.release();
    // Saved, the prompt closes and the held j j walk the board (clearing the notice, as keys do).
    await ui.until(() => ui.store.getState().cursor.index === at + 2, 'the held j j walked the board');
    expect(ui.frame()).not.toContain('saving…');
    expect((await ui.other.getCard(card.id)).Comments!.map((c) => c.Comment)).toContain('Sent the form');
  });
});
