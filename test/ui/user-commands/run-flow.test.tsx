/**
 * Your commands pressed in the app, over the real store, client and local
 * service, running real commands: the focused card's values and thread go
 * to the command, its first line to the status bar, all of it to the pager;
 * a selection runs it once per card; y/n first when it asks; a failure's
 * stderr, a value the card lacks and a command stopped at its time limit
 * are said in the status bar.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { UserCommand } from '../../../src/config/command-schema.js';
import { applyKeys } from '../../../src/ui/keymap.js';
import { applyCommands } from '../../../src/ui/user-commands/bindings.js';
import { rawMail } from '../../support/mail.js';
import { focus, KEY, startUi, statusLine, type Ui } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-run-flow-'));
let ui: Ui | undefined;
let n = 0;
afterEach(async () => {
  applyKeys({});
  await ui?.close();
  ui = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A file of this test's own for a command to write to. */
const file = () => join(dir, `out-${++n}.txt`);
const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : '');

async function start(commands: UserCommand[]): Promise<Ui> {
  expect(applyCommands(commands)).toEqual([]);
  ui = await startUi();
  return ui;
}

const focused = (u: Ui) => u.store.getState().view.cards.get(u.store.getState().cursor.cardId!)!;

describe('your commands in the app', () => {
  it('runs on the focused card with its values; the first line it writes is in the status bar', async () => {
    const out = file();
    const u = await start([
      {
        key: 'O',
        title: 'note it',
        run: `printf '%s|%s|%s\\n' {{id}} {{board}} {{column}} >> ${out}; echo "noted {{title}}"; echo more`,
      },
    ]);
    const card = focused(u);
    await u.press('O');
    await u.waitFor(`note it: noted ${card.displayTitle}`);
    const column = u.store.getState().columns.find((c) => c.label === card.columnLabel)!.name;
    expect(read(out)).toBe(`${card.id}|Support Inbox|${column}\n`);
    expect(statusLine(u.frame())).not.toContain('more');
  });

  it('runs once per selected card, in board order, and says how many', async () => {
    const out = file();
    const u = await start([{ key: 'O', title: 'note it', run: `echo {{id}} >> ${out}`, output: 'none' }]);
    const first = focused(u);
    await u.press('v', 'j', 'v');
    const second = focused(u);
    await u.press('O');
    await u.waitFor('note it: done for 2 cards');
    expect(read(out)).toBe(`${first.id}\n${second.id}\n`);
  });

  it('gives the card’s email thread on stdin and its sender as {{from}}; the pager shows all it wrote', async () => {
    const u = await start([{ key: 'O', title: 'the thread', run: 'echo "from {{from}}"; cat', output: 'pager' }]);
    const res = await fetch(`${u.url}/v2/mail/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        BoardId: u.boardId,
        Message: rawMail({ subject: 'Parcel 77 is late', body: 'Where is parcel 77?\r\nAna' }).toString('base64'),
      }),
    });
    expect(res.ok).toBe(true);
    await u.press('r');
    await u.until(
      () => [...u.store.getState().view.cards.values()].some((c) => c.title === 'Parcel 77 is late'),
      'mail',
    );
    focus(u, 'Parcel 77 is late');
    await u.press('O');
    const shown = await u.waitFor('Where is parcel 77?');
    expect(shown).toContain('the thread');
    expect(shown).toContain('from ana@customer.example');
    expect(shown).toContain('● Ana Lima <ana@customer.example>');
    expect(shown).toContain('j/k scroll · q close');
    await u.waitFor('the thread: done');
    await u.press('esc');
    await u.until(() => !u.frame().includes('Where is parcel 77?'), 'the pager closed');
  });

  it('asks y/n first when it says so: n runs nothing, y runs it', async () => {
    const out = file();
    const u = await start([{ key: 'O', title: 'bill it', run: `echo {{id}} >> ${out}`, confirm: true }]);
    const card = focused(u);
    await u.press('O');
    await u.waitFor('Run “bill it” on “');
    expect(u.frame()).toContain(`$ echo {{id}} >> ${out}`);
    await u.press('n');
    await u.until(() => !u.frame().includes('[y/n]'), 'the question closed');
    expect(read(out)).toBe('');
    await u.press('O');
    await u.waitFor('[y/n]');
    await u.press('y');
    await u.waitFor('bill it: done');
    expect(read(out)).toBe(`${card.id}\n`);
  });

  it('runs in the card detail on the open card', async () => {
    const out = file();
    const u = await start([{ key: 'O', title: 'note it', run: `echo {{id}} >> ${out}` }]);
    const card = focused(u);
    await u.press('enter');
    await u.until(() => u.store.getState().detail?.cardId === card.id, 'the detail open');
    await u.press('O');
    await u.waitFor('note it: done');
    expect(read(out)).toBe(`${card.id}\n`);
  });

  it('says a failure with its exit code and stderr, a missing value, and a command stopped at its limit', async () => {
    const u = await start([
      { key: 'O', title: 'file it', run: 'echo "the ticket system  is down" >&2; exit 4' },
      { key: 'Q', title: 'open it', run: 'xdg-open {{url}}' },
      { key: 'V', title: 'wait', run: 'sleep 30', timeoutSeconds: 0.3 },
    ]);
    const card = focused(u);
    await u.press('O');
    await u.waitFor('✗ file it failed (exit 4): the ticket system is down');
    await u.press('Q');
    await u.waitFor(/✗ open it not run: card \S+ “.*” has no \{\{url\}\}/);
    expect(statusLine(u.frame())).toContain(`card ${card.id}`);
    await u.press('V');
    await u.waitFor('✗ wait stopped after 0.3 s without finishing ("timeoutSeconds" gives it longer)');
  });
});
