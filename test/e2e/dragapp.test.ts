/**
 * The built TUI in a real terminal (tmux) against the DragApp stand-in: the
 * board opens on DragApp's own routes (learnt from its answers), a thread's
 * detail shows its assignees and status, and L, n, e, D and c reach the
 * service — its state checked after each; # finds a card by words of its title.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../server/process.js';
import { DUE_FORMAT, HEX_THREAD, HEX_THREAD_2 } from '../support/dragapp-shapes.js';
import { startDragAppService, type DragAppService } from '../support/dragapp-service.js';
import { hasTmux, lookAtTheBoard, Terminal, until } from './tmux.js';

describe.skipIf(!hasTmux())('the board against the DragApp stand-in', () => {
  let svc: DragAppService;
  let dir: string;
  let term: Terminal | undefined;

  beforeAll(async () => {
    svc = await startDragAppService();
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-dragapp-'));
  });
  afterAll(async () => {
    term?.kill();
    await svc.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('opens the board, shows a detail, moves, creates, renames, dates and comments', async () => {
    const t = Terminal.start({
      cols: 160,
      rows: 36,
      env: { INBOARD_URL: svc.url, INBOARD_API_KEY: svc.key, INBOARD_DATA_DIR: dir, INBOARD_CONFIG_DIR: dir },
    });
    term = t;
    t.run(`node ${CLI} --board 'Support inbox'; echo "exit=$?"`);
    const screen = await t.waitFor((s) => s.includes('Refund for order 1182') && s.includes('Invoice question'));
    expect(screen).toContain('Sprint #3');
    // DragApp sends no events: the board is read again every 30 s, and the status bar says so.
    await t.waitFor('polling every 30 s');
    // A thread's row: its sender's name and the listing's preview after the title.
    await t.waitFor('Refund for order 1182 Jane Doe: Hi, the');
    expect(screen).not.toContain('Invalid ColumnId');
    expect(screen).not.toContain('Drag-1#');

    // The thread on top of New: its detail from detail-page and GetEmailAssignees.
    t.keys('Enter');
    const detail = await t.waitFor((s) => s.includes('Assignees') && !s.includes('loading…'));
    expect(detail).toMatch(/Assignees\s+ana@example.com/);
    expect(svc.requests.some((r) => r.path.startsWith('/v1.18/entityConversation/detail-page'))).toBe(true);
    t.keys('Escape');
    await t.waitFor((s) => s.includes('Sprint #3') && !s.includes('Assignees'));
    await lookAtTheBoard();

    // L moves it to the top of In progress.
    t.keys('L');
    await until(() => svc.listed(1, 'Label_2')[0] === HEX_THREAD, 'the thread on top of In progress');
    expect(svc.listed(1, 'Label_1')).not.toContain(HEX_THREAD);

    // n in In progress: created with its label, then listed there.
    t.keys('n');
    await t.waitFor('New card in In progress — title');
    t.type('Call Jane back');
    t.keys('Enter');
    await t.waitFor('note (optional)');
    t.keys('Enter');
    await t.waitFor('Card created');
    await until(() => svc.listed(1, 'Label_2').includes('300'), 'the new card listed in In progress');
    expect(svc.item('300')).toMatchObject({ title: 'Call Jane back', columnId: 'Label_2' });

    // e renames the card under the cursor through save-title.
    t.keys('e');
    await t.waitFor('Edit title');
    t.keys('C-a');
    t.type('URGENT ');
    t.keys('Enter');
    await until(() => svc.requests.some((r) => r.path === '/v1.18/card/save-title'), 'save-title sent');
    await until(() => svc.item('300')?.title === 'URGENT Call Jane back', 'the new title saved');
    const renamed = svc.item('300');

    // D dates it in the one format SaveDueDate takes.
    t.keys('D');
    await t.waitFor('Due date of');
    t.keys('C-u');
    t.type('2030-12-01 17:00');
    await t.waitFor('→ ');
    t.keys('Enter');
    await until(() => svc.item(renamed!.id)?.due != null, 'the due date saved');
    expect(svc.item(renamed!.id)?.due).toMatch(DUE_FORMAT);
    expect(svc.item(renamed!.id)?.due).toContain('2030-12-0');

    // c comments through /v2/comment.
    t.keys('c');
    await t.waitFor('Comment on');
    t.type('Left a voicemail');
    t.keys('Enter');
    await until(
      () => svc.world.comments.some((c) => c.cardId === renamed!.id && c.body === 'Left a voicemail'),
      'the comment',
    );
    expect(svc.listed(1, 'Label_2')).toContain(HEX_THREAD_2);

    // # with words of a title: DragApp's "Entity not found" is no such id, so the titles are looked in.
    t.keys('#');
    await t.waitFor('Enter jump');
    t.type('courier');
    t.keys('Enter');
    const jumped = await t.waitFor('Card 101 “Call the courier” — by title “courier”');
    expect(jumped).not.toContain('Entity not found');

    t.keys('q');
    await t.waitFor('exit=0');
  });
});
