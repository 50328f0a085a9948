/**
 * t and @ take several at once: Space marks, Enter applies — one request
 * per card, one `u` — on one card or on the selected ones; the card's own
 * are marked as the picker opens, and the footer says what Space and Enter
 * do. Over the real service; the app's client is wrapped only to count the
 * requests that change a card's tags or assignees.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/types.js';
import type { CardId } from '../../src/api/read-model.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const CARD = 'Where do I change my billing address?'; // tagged Question in the demo
const OTHER = 'Invoice in EUR instead of USD'; // tagged Billing
const CHANGES = new Set(['addTag', 'setTags', 'updateCard']);

/** The app's client, its tag and assignee changes written down (`setTags 42`) before they are sent. */
function counting(sent: string[]) {
  return (client: Client): Client =>
    new Proxy(client, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        const fn = value as (...args: unknown[]) => unknown;
        if (!CHANGES.has(String(prop))) return fn.bind(target);
        return (...args: unknown[]) => {
          sent.push(`${String(prop)} ${String(args[0])}`);
          return fn.apply(target, args);
        };
      },
    });
}

const tagNames = async (u: Ui, id: CardId): Promise<string[]> =>
  ((await u.other.getCard(id)).Tags ?? []).map((t) => t.Name).sort();
const settled = (u: Ui) => u.until(() => u.store.getState().pendingCount === 0, 'changes settled');
/** The picker row of the board's tag `name`, from the top. */
const rowOf = (u: Ui, name: string): number => u.store.getState().tags.findIndex((t) => t.Name === name);
/** Walks the highlight from row `from` to row `to`. */
const walk = (from: number, to: number): string[] => Array<string>(Math.abs(to - from)).fill(to > from ? 'j' : 'k');

describe('t — several tags in one opening', () => {
  it('Space marks two, Enter sends one request; one u takes both off', async () => {
    const sent: string[] = [];
    ui = await startUi({ wrapClient: counting(sent) });
    const card = focus(ui, CARD);
    await ui.press('t');
    const open = await ui.waitFor('Space marks several');
    // What the card has is marked as it opens; the footer says what Space and Enter do.
    expect(open).toContain('■ ✓ Question (blue)');
    expect(open).toContain('■   Urgent (red)');
    expect(open).toContain('Space mark · Enter apply · Esc close');
    expect(statusLine(open)).toContain('Space mark  Enter apply');
    const urgent = rowOf(ui, 'Urgent');
    const bug = rowOf(ui, 'Bug');
    await ui.press(...walk(0, urgent), ' ', ...walk(urgent, bug), ' ');
    const marked = await ui.waitFor('■ ✓ Bug');
    expect(marked).toContain('■ ✓ Urgent (red)');
    expect(sent).toEqual([]); // nothing sent before Enter
    await ui.press('enter');
    await ui.waitFor('✓ Tagged Urgent and Bug');
    await settled(ui);
    expect(sent).toEqual([`setTags ${card.id}`]);
    expect(await tagNames(ui, card.id)).toEqual(['Bug', 'Question', 'Urgent']);

    await ui.press('u');
    await ui.waitFor('Undone: tags of');
    await settled(ui);
    expect(await tagNames(ui, card.id)).toEqual(['Question']);
    expect(sent).toHaveLength(2);
  });

  it('unmarking what the card has and marking another: one request replaces them', async () => {
    const sent: string[] = [];
    ui = await startUi({ wrapClient: counting(sent) });
    const card = focus(ui, CARD);
    await ui.press('t');
    await ui.waitFor('Space marks several');
    const question = rowOf(ui, 'Question');
    const urgent = rowOf(ui, 'Urgent');
    await ui.press(...walk(0, question), ' ');
    await ui.waitFor('■   Question (blue)');
    await ui.press(...walk(question, urgent), ' ', 'enter');
    await ui.waitFor('✓ Tagged Urgent; removed tag Question');
    await settled(ui);
    expect(sent).toEqual([`setTags ${card.id}`]);
    expect(await tagNames(ui, card.id)).toEqual(['Urgent']);
  });

  it('on the selected cards: one request per card, one u for all; a tag only some have is marked -', async () => {
    const sent: string[] = [];
    ui = await startUi({ wrapClient: counting(sent) });
    const a = focus(ui, CARD);
    await ui.press('v');
    const b = focus(ui, OTHER);
    await ui.press('v');
    await ui.until(() => ui!.store.getState().selected.size === 2, 'two selected');
    const before = await tagNames(ui, b.id);
    expect(before).not.toContain('Question');
    await ui.press('t');
    const open = await ui.waitFor('Tags of 2 cards');
    expect(open).toContain('■ - Question (blue)');
    expect(open).toContain('■ - Billing (yellow)');
    const urgent = rowOf(ui, 'Urgent');
    await ui.press(...walk(0, urgent), ' ', 'enter');
    await ui.waitFor('✓ Tagged Urgent on 2 cards');
    await settled(ui);
    expect(sent.sort()).toEqual([`addTag ${a.id}`, `addTag ${b.id}`].sort());
    // What only one of them had stays as it was on each.
    expect(await tagNames(ui, a.id)).toEqual(['Question', 'Urgent']);
    expect(await tagNames(ui, b.id)).toEqual([...before, 'Urgent'].sort());

    await ui.press('u');
    await ui.waitFor('Undone: tags of 2 cards');
    await settled(ui);
    expect(await tagNames(ui, a.id)).toEqual(['Question']);
    expect(await tagNames(ui, b.id)).toEqual(before);
  });

  it('? over the picker lists what Space and Enter do', async () => {
    ui = await startUi();
    focus(ui, CARD);
    await ui.press('t');
    await ui.waitFor('Space marks several');
    await ui.press('?');
    const help = await ui.waitFor('Keys of this list');
    expect(help).toContain('mark or unmark the highlighted item');
    expect(help).toContain('apply the marks');
  });
});

describe('@ — several assignees in one opening', () => {
  it('Space marks two people, Enter sends one request; one u unassigns both', async () => {
    const sent: string[] = [];
    ui = await startUi({ wrapClient: counting(sent) });
    const card = focus(ui, CARD);
    await ui.press('@');
    const open = await ui.waitFor('Assignees — Enter adds or removes · Space marks several');
    expect(open).toContain('Space mark · Enter apply · Esc close');
    await ui.press(' ', 'j', ' ');
    await ui.waitFor((f) => (f.match(/✓ \S+@/g) ?? []).length === 2);
    await ui.press('enter');
    await ui.waitFor('✓ Assigned');
    await settled(ui);
    expect(sent).toEqual([`updateCard ${card.id}`]);
    const both = (await ui.other.getCard(card.id)).Assignees ?? [];
    expect(both).toHaveLength(2);
    expect(both).toContain('sam.rivera@example.com');

    await ui.press('u');
    await ui.waitFor('Undone: assignees of');
    await settled(ui);
    expect((await ui.other.getCard(card.id)).Assignees ?? []).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('on the selected cards: one request per card', async () => {
    const sent: string[] = [];
    ui = await startUi({ wrapClient: counting(sent) });
    const a = focus(ui, CARD);
    await ui.press('v');
    const b = focus(ui, OTHER);
    await ui.press('v');
    await ui.until(() => ui!.store.getState().selected.size === 2, 'two selected');
    await ui.press('@');
    await ui.waitFor('Assignees of 2 cards');
    await ui.press('j', ' ', 'enter');
    await ui.waitFor('✓ Assigned sam.rivera@example.com on 2 cards');
    await settled(ui);
    expect(sent.sort()).toEqual([`updateCard ${a.id}`, `updateCard ${b.id}`].sort());
    for (const id of [a.id, b.id]) expect((await ui.other.getCard(id)).Assignees).toContain('sam.rivera@example.com');
  });
});
