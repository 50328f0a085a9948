/**
 * Drafts outlive the run: kept in the state dir's drafts.json (written
 * whole, atomically), loaded at the next start, each on the same card of the
 * same board of the same service. A file that can't be read never stops
 * the app: it starts without drafts and says so once.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stateDir } from '../../src/config/paths.js';
import { draftsPath } from '../../src/ui/drafts-file.js';
import { Drafts, loadDrafts, provideDrafts } from '../../src/ui/drafts.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

const SCOPE = 'test-service';
const CARD = 'Where do I change my billing address?';
const REPLY = 'Told them: Settings → Billing → Address';

let ui: Ui | undefined;
let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-drafts-'));
  path = join(dir, 'state', 'drafts.json');
});
afterEach(async () => {
  provideDrafts(null);
  await ui?.close();
  ui = undefined;
  rmSync(dir, { recursive: true, force: true });
});

interface Entry {
  scope: string;
  kind: string;
  board: number | null;
  card: string | null;
  label: string;
  fields: Record<string, string>;
}
const onDisk = (): Entry[] => (JSON.parse(readFileSync(path, 'utf8')) as { drafts: Entry[] }).drafts;

/** A run of the app over `path`, as run.tsx starts one. */
async function run(): Promise<Ui> {
  provideDrafts(loadDrafts(path, SCOPE));
  ui = await startUi();
  return ui;
}

describe('drafts on disk', () => {
  it('a comment and a new card kept with Esc are on disk, and come back after a restart', async () => {
    let u = await run();
    const card = focus(u, CARD);
    await u.press('c');
    await u.waitFor('Comment on “Where do I change');
    await u.paste(REPLY);
    await u.press('esc');
    await u.waitFor('Draft kept — press c to go on with it');
    expect(onDisk()).toEqual([
      {
        scope: SCOPE,
        kind: 'comment',
        board: u.boardId,
        card: card.id,
        label: `comment on "${CARD}"`,
        fields: { text: REPLY },
      },
    ]);
    await u.press('n');
    await u.waitFor('New card in New — title');
    await u.paste('Printer on fire');
    await u.press('enter');
    await u.waitFor('note (optional)');
    await u.paste('Second floor');
    await u.press('esc', 'esc');
    await u.waitFor('Draft kept — press n to go on with it');
    expect(onDisk().map((d) => [d.kind, d.label, d.fields])).toEqual([
      ['comment', `comment on "${CARD}"`, { text: REPLY }],
      ['newCard', 'new card', { title: 'Printer on fire', note: 'Second floor' }],
    ]);
    // Written whole, then renamed: no temp file is left.
    expect(readdirSync(join(dir, 'state'))).toEqual(['drafts.json']);

    // Quit, start again.
    await u.close();
    provideDrafts(null);
    u = await run();
    focus(u, CARD);
    await u.press('c');
    const back = await u.waitFor('Comment on “Where do I change');
    expect(back).toContain(REPLY);
    expect(back).toContain('your draft from before');
    await u.press('enter');
    await u.waitFor('✓ Comment added');
    expect(onDisk().map((d) => d.kind)).toEqual(['newCard']);
    await u.press('n');
    const title = await u.waitFor('New card in New — title');
    expect(title).toContain('Printer on fire');
    expect(title).toContain('your draft from before');
    await u.press('enter');
    expect(await u.waitFor('note (optional)')).toContain('Second floor');
  });

  it('a draft comes back only on the same card of the same board of the same service; others are left as they are', async () => {
    const u0 = await startUi();
    const card = u0.card(CARD);
    const boardId = u0.boardId;
    await u0.close();
    ui = undefined;
    const entry = (over: Partial<Entry>): Entry => ({
      scope: SCOPE,
      kind: 'comment',
      board: boardId,
      card: card.id,
      label: 'comment',
      fields: { text: 'x' },
      ...over,
    });
    mkdirSync(join(dir, 'state'));
    const others = [
      entry({ board: boardId + 1000, fields: { text: 'another board' } }),
      entry({ scope: 'another-service', fields: { text: 'another service' } }),
      entry({ kind: 'note', fields: { text: 'a note' } }),
      { nonsense: true },
    ];
    writeFileSync(path, JSON.stringify({ version: 1, drafts: others }));
    const u = await run();
    focus(u, CARD);
    await u.press('c');
    const prompt = await u.waitFor('Comment on “Where do I change');
    for (const text of ['another board', 'another service', 'your draft from before'])
      expect(prompt).not.toContain(text);
    await u.press('esc');
    await u.press('N');
    expect(await u.waitFor('Note on “Where do I change')).toContain('a note');
    await u.press('C-u');
    await u.paste('the note, edited');
    await u.press('esc');
    await u.waitFor('Draft kept — press N');
    // The others (another board's, another service's) are still there; the unreadable entry is not.
    expect(onDisk().map((d) => d.fields.text)).toEqual(['another board', 'another service', 'the note, edited']);
  });

  it('a corrupt drafts file: the app starts without drafts, says so once, and sets the file aside', async () => {
    mkdirSync(join(dir, 'state'));
    writeFileSync(path, '{"version": 1, "drafts": [ {"scope": "test-servi');
    const u = await run();
    const said = await u.waitFor('Couldn’t read the saved drafts');
    expect(statusLine(said)).toContain('Couldn’t read the saved drafts (not JSON): starting without them');
    await u.press('j');
    await u.waitFor((f) => !f.includes('Couldn’t read the saved drafts'));
    const aside = readdirSync(join(dir, 'state')).filter((n) => n.startsWith('drafts.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, 'state', aside[0]!), 'utf8')).toContain('test-servi');
    // Drafts work as before, in a new file.
    focus(u, CARD);
    await u.press('c');
    await u.waitFor('Comment on “Where do I change');
    await u.paste(REPLY);
    await u.press('esc');
    await u.waitFor('Draft kept — press c');
    expect(onDisk().map((d) => d.fields.text)).toEqual([REPLY]);
  });

  it('a drafts file that cannot be read at all (a directory) does not stop the app either', async () => {
    mkdirSync(path, { recursive: true });
    const u = await run();
    expect(statusLine(await u.waitFor('Couldn’t read the saved drafts'))).toContain('(EISDIR)');
  });
});

describe('what the quit line says', () => {
  const d = (label: string, kind: 'comment' | 'newCard' = 'comment') => ({
    kind,
    board: 1,
    card: label,
    label,
    fields: { text: 't' },
  });
  it('counts and names the drafts kept; none, nothing', () => {
    expect(new Drafts().quitLine()).toBeNull();
    expect(new Drafts({ loaded: [d('comment on "Re: Invoice #10482"'), d('new card', 'newCard')] }).quitLine()).toBe(
      '2 drafts kept (comment on "Re: Invoice #10482", new card) — they come back when you reopen them',
    );
    expect(new Drafts({ loaded: [d('new card', 'newCard')] }).quitLine()).toBe(
      '1 draft kept (new card) — it comes back when you reopen it',
    );
    expect(new Drafts({ loaded: ['a', 'b', 'c', 'd', 'e'].map((x) => d(x)) }).quitLine()).toBe(
      // The three kept last are named: what was typed just now, not older drafts.
      '5 drafts kept (c, d, e, 2 more) — they come back when you reopen them',
    );
  });

  it('says when they could not be saved', () => {
    const drafts = new Drafts({ file: { path: join(dir, 'no', 'such'), scope: SCOPE } });
    writeFileSync(join(dir, 'no'), 'a file where the state dir should be');
    expect(drafts.keep(d('new card', 'newCard'))).not.toBeNull();
    expect(drafts.quitLine()).toMatch(/^1 draft could not be saved \(.+\) and is lost: new card$/);
  });

  it('a write that failed is made good by the next one, or at quit', () => {
    const file = join(dir, 'blocked', 'drafts.json');
    const drafts = new Drafts({ file: { path: file, scope: SCOPE } });
    writeFileSync(join(dir, 'blocked'), 'in the way');
    expect(drafts.keep(d('new card', 'newCard'))).not.toBeNull();
    expect(drafts.keep(d('comment on "x"'))).not.toBeNull();
    rmSync(join(dir, 'blocked'));
    expect(drafts.quitLine()).toBe('2 drafts kept (new card, comment on "x") — they come back when you reopen them');
    expect(
      loadDrafts(file, SCOPE)
        .list()
        .map((x) => x.label),
    ).toEqual(['new card', 'comment on "x"']);
  });
});

describe('the state dir', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['INBOARD_STATE_DIR', 'XDG_STATE_HOME']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });
  it.skipIf(process.platform === 'darwin' || process.platform === 'win32')(
    'INBOARD_STATE_DIR, else $XDG_STATE_HOME/inboard, else ~/.local/state/inboard',
    () => {
      process.env.INBOARD_STATE_DIR = '/tmp/own-state';
      process.env.XDG_STATE_HOME = '/tmp/xdg-state';
      expect(stateDir()).toBe('/tmp/own-state');
      expect(draftsPath()).toBe('/tmp/own-state/drafts.json');
      delete process.env.INBOARD_STATE_DIR;
      expect(stateDir()).toBe('/tmp/xdg-state/inboard');
      process.env.XDG_STATE_HOME = 'relative/is/ignored';
      expect(stateDir()).toBe(join(homedir(), '.local', 'state', 'inboard'));
      delete process.env.XDG_STATE_HOME;
      expect(stateDir()).toBe(join(homedir(), '.local', 'state', 'inboard'));
    },
  );
});
