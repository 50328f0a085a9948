/** Type to filter a picker (`/`), against the real service: what is shown, and what the server then has. */
import { afterEach, describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { foldText } from '../../src/ui/prompts/use-picker-state.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const CARD = 'Where do I change my billing address?';
const tagNames = async (u: Ui, cardId: CardId): Promise<string[]> =>
  ((await u.other.getCard(cardId)).Tags ?? []).map((t) => t.Name);
/** The picker's rows: the lines drawn with a swatch. */
const tagRows = (frame: string): string[] => frame.split('\n').filter((l) => l.includes('■'));

describe('picker filter', () => {
  it('folds case and accents', () => {
    expect(foldText('Réclamation ÉLODIE')).toBe('reclamation elodie');
  });

  it('t / b i l ⏎ in one read while the tags load applies Billing', async () => {
    ui = await startUi();
    const card = focus(ui, CARD);
    expect(await tagNames(ui, card.id)).not.toContain('Billing');
    const tags = ui.hold(/^GET \/v2\/tag\?/);
    void ui.store.getState().reloadTags();
    await ui.until(() => tags.waiting === 1, 'tags asked');
    ui.pasteRaw('t/bil\r');
    await ui.waitFor('loading…');
    expect(ui.frame()).toContain('Tags — Enter applies or removes');
    tags.release();
    await ui.waitFor('✓ Tagged Billing');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'tag saved');
    expect((await tagNames(ui, card.id)).sort()).toEqual(['Billing', 'Question']);
  });

  it('narrows while typing (case ignored), j and k are text, ↓ / Ctrl+N move within the matches, Enter picks', async () => {
    ui = await startUi();
    const card = focus(ui, CARD);
    await ui.press('t');
    await ui.waitFor('Tags — Enter applies or removes');
    await ui.press('/', 'U', 'R');
    const narrowed = await ui.waitFor('/ UR▏');
    // "Urgent (red)" and "Feature request (purple)" contain "ur"; the actions stay at the end.
    expect(tagRows(narrowed).map((l) => l.replace(/^[^■]*■\s*/, '').trim())).toEqual([
      'Urgent (red)',
      'Feature request (purple)',
    ]);
    expect(narrowed).toContain('+ New tag…');
    expect(narrowed).toContain('Manage board tags…');
    expect(narrowed).toMatch(/❯ ■ +Urgent/);
    await ui.press('down');
    await ui.waitFor(/❯ ■ +Feature request/);
    await ui.press('\x10'); // Ctrl+P back up
    await ui.waitFor(/❯ ■ +Urgent/);
    await ui.press('\x0e'); // Ctrl+N
    await ui.waitFor(/❯ ■ +Feature request/);
    await ui.press('enter');
    await ui.waitFor('✓ Tagged Feature request');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'tag saved');
    expect((await tagNames(ui, card.id)).sort()).toEqual(['Feature request', 'Question']);
  });

  it('j k are typed into the filter; no match says so, Enter then does nothing; ↓ reaches the actions', async () => {
    ui = await startUi();
    const card = focus(ui, CARD);
    await ui.press('t');
    await ui.waitFor('Tags — Enter applies or removes');
    await ui.press('/', 'j', 'k');
    const none = await ui.waitFor('No matches');
    expect(none).toContain('/ jk▏');
    expect(tagRows(none)).toEqual([]);
    expect(none).toContain('+ New tag…');
    await ui.press('enter');
    // Still open, still filtering; the card is as it was.
    expect(ui.frame()).toContain('/ jk▏');
    expect(await tagNames(ui, card.id)).toEqual(['Question']);
    await ui.press('down', 'enter');
    await ui.waitFor('New tag — name');
  });

  it('Backspace edits, and on an empty filter stops filtering; Esc clears the filter, a second Esc closes', async () => {
    ui = await startUi();
    focus(ui, CARD);
    await ui.press('t');
    await ui.waitFor('Tags — Enter applies or removes');
    await ui.press('/', 'b', 'i', 'x');
    await ui.waitFor('No matches');
    await ui.press('backspace');
    const bi = await ui.waitFor('/ bi▏');
    expect(tagRows(bi)).toHaveLength(1);
    expect(bi).toContain('Billing (yellow)');
    await ui.press('backspace', 'backspace');
    const empty = await ui.waitFor('/ ▏');
    expect(tagRows(empty)).toHaveLength(7);
    await ui.press('backspace');
    await ui.waitFor((f) => !f.includes('/ ▏') && statusLine(f).includes('/ filter'));
    await ui.press('/', 'b', 'u', 'g');
    await ui.waitFor('/ bug▏');
    await ui.press('esc');
    // The filter is gone, the whole list is back with Bug still highlighted; the picker stays open.
    const cleared = await ui.waitFor((f) => !f.includes('/ bug') && tagRows(f).length === 7);
    expect(cleared).toMatch(/❯ ■ +Bug/);
    expect(cleared).toContain('Tags — Enter applies or removes');
    await ui.press('esc');
    await ui.waitFor((f) => !f.includes('Tags — Enter applies or removes') && f.includes('In progress ('));
  });

  it('ignores accents and filters on the sanitised label', async () => {
    ui = await startUi();
    const card = focus(ui, CARD);
    await ui.other.createTag({ BoardId: ui.boardId, Name: 'Réclamation', Color: 1 });
    await ui.other.createTag({ BoardId: ui.boardId, Name: 'Evil\x1b]0;pwned\x07tag', Color: 2 });
    await ui.store.getState().reloadTags();
    await ui.press('t');
    await ui.waitFor('Tags — Enter applies or removes');
    await ui.press('/', 'p', 'w', 'n');
    const evil = await ui.waitFor('/ pwn▏');
    expect(tagRows(evil)).toHaveLength(1);
    expect(evil).toContain('Evil^[]0;pwned^Gtag');
    expect(evil).not.toContain('\x1b]0;');
    await ui.press('esc', '/', 'r', 'e', 'c', 'l', 'a');
    const found = await ui.waitFor('/ recla▏');
    expect(tagRows(found)).toHaveLength(1);
    expect(found).toContain('Réclamation');
    await ui.press('enter');
    await ui.waitFor('✓ Tagged Réclamation');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'tag saved');
    expect((await tagNames(ui, card.id)).sort()).toEqual(['Question', 'Réclamation']);
  });

  it('assignees: @ / sam ⏎ assigns the teammate', async () => {
    ui = await startUi();
    const card = focus(ui, CARD);
    ui.pasteRaw('@/sam\r');
    await ui.waitFor('✓ Assigned sam.rivera@example.com');
    expect((await ui.other.getCard(card.id)).Assignees).toEqual(['sam.rivera@example.com']);
  });
});
