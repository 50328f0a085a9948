/**
 * The built TUI in a real terminal (tmux) against the recorded-shapes
 * fixture: the board draws from the real service's shapes, the detail
 * shows what that service provides, and a move, an archive and a comment
 * reach exactly the card on screen — ids past 2^53, hex and wamid- included.
 * The local service's extensions are missing there: the archive's y/n and
 * `u` say so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../server/process.js';
import { startRecordedService, type RecordedService } from '../support/recorded-service.js';
import { hasTmux, lookAtTheBoard, Terminal, until } from './tmux.js';

const BIG = '9007199254740993';
const HEX = '18c2f3a9b4d5e6f7';
const WAMID = 'wamid-4915112345678-7-1';

describe.skipIf(!hasTmux())('the board against the real service’s shapes', () => {
  let svc: RecordedService;
  let dir: string;
  let term: Terminal | undefined;

  beforeAll(async () => {
    svc = await startRecordedService();
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-recorded-'));
  });
  afterAll(async () => {
    term?.kill();
    await svc.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('opens the board, shows a detail, moves, archives and comments on the card meant', async () => {
    const t = Terminal.start({
      cols: 160,
      rows: 36,
      env: { INBOARD_URL: svc.url, INBOARD_API_KEY: svc.key, INBOARD_DATA_DIR: dir, INBOARD_CONFIG_DIR: dir },
    });
    term = t;
    t.run(`node ${CLI} --board 'Support inbox'; echo "exit=$?"`);
    await t.waitFor((s) => s.split('\n').some((l) => l.includes('New (') && l.includes('In progress (')));
    // The columns can draw a frame before their cards.
    await t.waitFor('Re: Invoice #10482');
    await t.waitFor('unreadable: it has no card id');

    // The second card of New is the one past 2^53: its detail shows what this server gives.
    t.keys('j', 'Enter');
    const detail = await t.waitFor('not provided by this server');
    expect(detail).toContain('Big id: quarterly export');
    t.keys('Escape');
    await t.waitFor((s) => s.includes('In progress (') && !s.includes('not provided by this server'));
    // As a person looks before moving: the board settles after the detail closes.
    await lookAtTheBoard();

    // L moves it to In progress, by that column's numeric Id.
    t.keys('L');
    await until(() => svc.cardIds(12)[0] === BIG, 'the big-id card at the top of In progress');
    expect(svc.cardIds(11)).not.toContain(BIG);

    // Back in New, the hex thread is now second: archive it.
    t.keys('h', 'g', 'j', 'a');
    // This server has no restore (learnt once the board opened): the y/n says so before anything goes.
    const asked = await t.waitFor('[y/n]');
    expect(asked).toContain('It cannot be undone on this server.');
    t.keys('y');
    await until(() => svc.archived.includes(HEX), 'the hex thread archived');
    expect(svc.archived).toEqual([HEX]);
    // u says why it can't, and sends nothing.
    const sent = svc.requests.length;
    t.keys('u');
    await t.waitFor('An archive cannot be undone on this server');
    // (The board may read ahead meanwhile; nothing asks to restore.)
    expect(svc.requests.slice(sent).filter((r) => r.method !== 'GET')).toEqual([]);

    // In progress: the big card on top, then the WhatsApp card. Comment on it.
    t.keys('l', 'g', 'j', 'c');
    await t.waitFor('Comment on');
    t.type('Tracking link sent');
    t.keys('Enter');
    await until(
      () => svc.comments.some((c) => c.cardId === WAMID && c.body === 'Tracking link sent'),
      'the comment on the WhatsApp card',
    );

    t.keys('q');
    await t.waitFor('exit=0');
  });
});
