/**
 * The app ending with a prompt open keeps its text as a draft, whichever
 * way it ends: here Ctrl+C (App exits) followed by what run.tsx does once
 * the terminal is restored (the quit line). Signals and crashes end the
 * same way through the process's exit event (test/e2e/drafts-exit.test.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDrafts, provideDrafts, type Drafts } from '../../src/ui/drafts.js';
import { focus, startUi, type Ui } from './helpers.js';

const SCOPE = 'test-service';
const CARD = 'Where do I change my billing address?';
const REPLY = 'Told them: Settings → Billing → Address, and that the next invoice follows';

let ui: Ui | undefined;
let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-drafts-exit-'));
  path = join(dir, 'state', 'drafts.json');
});
afterEach(async () => {
  provideDrafts(null);
  await ui?.close();
  ui = undefined;
  rmSync(dir, { recursive: true, force: true });
});

interface Entry {
  kind: string;
  card: string | null;
  label: string;
  fields: Record<string, string>;
}
const onDisk = (): Entry[] => (JSON.parse(readFileSync(path, 'utf8')) as { drafts: Entry[] }).drafts;

/** A run of the app over the drafts file, as run.tsx starts one. */
async function run(): Promise<{ u: Ui; drafts: Drafts }> {
  const drafts = loadDrafts(path, SCOPE);
  provideDrafts(drafts);
  ui = await startUi();
  return { u: ui, drafts };
}

/** Ctrl+C, then the quit line run.tsx prints on the restored terminal. */
async function ctrlC(u: Ui, drafts: Drafts): Promise<string | null> {
  await u.press('C-c');
  return drafts.quitLine();
}

describe('a prompt open when the app ends', () => {
  it('Ctrl+C in a comment keeps it, and the quit line names that card, not older drafts', async () => {
    // Four drafts of other cards from earlier runs.
    mkdirSync(join(dir, 'state'));
    const old = ['a', 'b', 'c', 'd'].map((x) => ({
      scope: SCOPE,
      kind: 'comment',
      board: 1,
      card: `9${x.charCodeAt(0)}`,
      label: `comment on "older ${x}"`,
      fields: { text: x },
    }));
    writeFileSync(path, JSON.stringify({ version: 1, drafts: old }));
    const { u, drafts } = await run();
    const card = focus(u, CARD);
    await u.press('c');
    await u.waitFor('Comment on “Where do I change');
    await u.paste(REPLY);
    const line = await ctrlC(u, drafts);
    expect(line).toContain(`5 drafts kept (`);
    expect(line).toContain(`comment on "${CARD}"`);
    expect(onDisk().find((d) => d.card === card.id)).toMatchObject({ kind: 'comment', fields: { text: REPLY } });

    // The next run brings it back on c.
    await ui!.close();
    const next = await run();
    focus(next.u, CARD);
    await next.u.press('c');
    const back = await next.u.waitFor('your draft from before');
    expect(back).toContain('Told them');
  });

  it('Ctrl+C at a new card’s note keeps the title and the note', async () => {
    const { u, drafts } = await run();
    await u.press('n');
    await u.waitFor('New card in New — title');
    await u.paste('Printer on fire');
    await u.press('enter');
    await u.waitFor('note (optional)');
    await u.paste('Second floor');
    expect(await ctrlC(u, drafts)).toBe('1 draft kept (new card) — it comes back when you reopen it');
    expect(onDisk().map((d) => [d.kind, d.fields])).toEqual([
      ['newCard', { title: 'Printer on fire', note: 'Second floor' }],
    ]);
  });

  it('Ctrl+C in an edit of a title keeps the edit; e brings it back, Esc there forgets it', async () => {
    const { u, drafts } = await run();
    const card = focus(u, CARD);
    await u.press('e');
    await u.waitFor('Edit title');
    await u.paste(' (VIP)');
    expect(await ctrlC(u, drafts)).toContain(`title of "${CARD.slice(0, 20)}`);
    expect(onDisk()).toMatchObject([{ kind: 'title', card: card.id, fields: { text: `${CARD} (VIP)` } }]);

    await ui!.close();
    const next = await run();
    focus(next.u, CARD);
    await next.u.press('e');
    const back = await next.u.waitFor('your draft from before');
    expect(back).toContain('(VIP)');
    await next.u.press('esc');
    await next.u.waitFor((f) => !f.includes('Edit title'));
    expect(onDisk()).toEqual([]);
    // An edit opened and left as it was is nothing to keep.
    await next.u.press('e');
    await next.u.waitFor('Edit title');
    expect(await ctrlC(next.u, next.drafts)).toBeNull();
  });

  it('a prompt sent or cancelled holds nothing: Ctrl+C after it keeps only what Esc kept', async () => {
    const { u, drafts } = await run();
    focus(u, CARD);
    await u.press('c');
    await u.waitFor('Comment on “Where do I change');
    await u.paste('sent');
    await u.press('enter');
    await u.waitFor('✓ Comment added');
    await u.press('N');
    await u.waitFor('Note on “Where do I change');
    await u.paste('kept with Esc');
    await u.press('esc');
    await u.waitFor('Draft kept');
    expect(await ctrlC(u, drafts)).toBe(`1 draft kept (note on "${CARD}") — it comes back when you reopen it`);
  });
});

describe('every prompt that writes keeps its text on the way out', () => {
  it('a due date being typed and a new column’s name are kept; D brings the date back', async () => {
    const { u, drafts } = await run();
    const card = focus(u, CARD);
    await u.press('D');
    await u.waitFor('Due date of');
    await u.paste('next week 9am');
    expect(await ctrlC(u, drafts)).toContain(`due date of "${CARD.slice(0, 20)}`);
    expect(onDisk()).toMatchObject([{ kind: 'due', card: card.id, fields: { text: 'next week 9am' } }]);
    await ui!.close();
    const next = await run();
    focus(next.u, CARD);
    await next.u.press('D');
    const back = await next.u.waitFor('your draft from before');
    expect(back).toContain('next week 9am');
    await next.u.press('esc');
    await next.u.waitFor((f) => !f.includes('Due date of'));
    await next.u.press('C');
    await next.u.waitFor('New column — name');
    await next.u.paste('Escalated');
    expect(await ctrlC(next.u, next.drafts)).toBe('1 draft kept (new column) — it comes back when you reopen it');
  });
});

describe('Ctrl+C however it arrives', () => {
  it('read in one chunk with the text before it: the text goes in, is kept, and the app quits', async () => {
    const { u, drafts } = await run();
    const card = focus(u, CARD);
    await u.press('c');
    await u.waitFor('Comment on “Where do I change');
    u.pasteRaw('typed fast\x03');
    await new Promise((r) => setTimeout(r, 50));
    // Quit: a key typed after it reaches no prompt.
    await u.press('x');
    await new Promise((r) => setTimeout(r, 50));
    expect(u.frame()).not.toContain('typed fastx');
    expect(drafts.quitLine()).toContain(`comment on "${CARD}"`);
    expect(onDisk()).toMatchObject([{ kind: 'comment', card: card.id, fields: { text: 'typed fast' } }]);
  });

  it('at the y/n before a past due date: the date typed is kept', async () => {
    const { u, drafts } = await run();
    const card = focus(u, CARD);
    await u.press('D');
    await u.waitFor('Due date of');
    await u.paste('2020-01-01');
    await u.press('enter');
    await u.waitFor('Set it anyway?');
    expect(await ctrlC(u, drafts)).toContain('due date of');
    expect(onDisk()).toMatchObject([{ kind: 'due', card: card.id, fields: { text: '2020-01-01' } }]);
  });
});

describe('q', () => {
  it('q while a new card is on its way, and the server refuses it: the card’s text is kept', async () => {
    const { u, drafts } = await run();
    const create = u.hold(/^POST \/v2\/card\b/);
    await u.press('n');
    await u.waitFor('New card in New — title');
    await u.paste('y'.repeat(501));
    await u.press('enter');
    await u.waitFor('note (optional)');
    await u.paste('Second floor');
    await u.press('enter');
    await u.until(() => create.waiting === 1, 'the card sent');
    await u.press('q');
    await u.waitFor('q again quits now');
    create.release();
    await u.until(() => u.store.getState().pendingCount === 0, 'the refusal');
    await new Promise((r) => setTimeout(r, 50));
    expect(drafts.quitLine()).toBe('1 draft kept (new card) — it comes back when you reopen it');
    expect(onDisk()).toMatchObject([{ kind: 'newCard', fields: { title: 'y'.repeat(501), note: 'Second floor' } }]);
  });
});
