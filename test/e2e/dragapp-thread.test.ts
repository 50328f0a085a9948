/**
 * The built TUI in a real terminal (tmux) against the DragApp stand-in: an
 * email card's detail shows its message read through detail-message, with
 * the note that DragApp's API gives only that one, and `w` sends a reply
 * that reaches send-as-email-content with the body DragApp's client sends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../server/process.js';
import { HEX_THREAD } from '../support/dragapp-shapes.js';
import { startDragAppService, type DragAppService } from '../support/dragapp-service.js';
import { hasTmux, Terminal } from './tmux.js';

describe.skipIf(!hasTmux())('an email card on DragApp, read and answered', () => {
  let svc: DragAppService;
  let dir: string;
  let term: Terminal | undefined;

  beforeAll(async () => {
    svc = await startDragAppService();
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-dragapp-thread-'));
  });
  afterAll(async () => {
    term?.kill();
    await svc.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('opens the thread card, shows its message and the note, and w replies', async () => {
    const t = Terminal.start({
      cols: 140,
      rows: 44,
      env: {
        INBOARD_URL: svc.url,
        INBOARD_API_KEY: svc.key,
        INBOARD_DATA_DIR: dir,
        INBOARD_CONFIG_DIR: dir,
        // DragApp has no outbox: the app holds a reply itself this long (seconds), to take it back.
        INBOARD_SEND_DELAY: '3',
      },
    });
    term = t;
    t.run(`node ${CLI} --board 'Support inbox' --refresh 0`);
    await t.waitFor(/›● Refund for order 1182/);
    // The thread is on top of New: the cursor starts on it.
    t.keys('Enter');
    let screen = await t.waitFor('Thread (1 message)', 20_000);
    expect(screen).toContain("DragApp's API gives one message of a thread");
    expect(screen).toContain('Jane Doe <jane@example.com>');
    expect(screen).toContain('Hi, the parcel arrived broken.');
    await t.waitFor('parcel.jpg (47 KB, image/jpeg)');

    // Forwarding is not DragApp's: the key says so rather than doing nothing.
    t.keys('f');
    await t.waitFor('Forwarding is not offered by this server');

    t.keys('w');
    // The composer's Subject, below its To and Cc: a frame can be caught half drawn, top first.
    screen = await t.waitFor(/Subject\s+Re: Refund for order 1182/);
    expect(screen).toMatch(/To\s+Jane Doe <jane@example.com>/);
    // DragApp sends text to To and Cc: no Bcc line, and a file is refused in words.
    expect(screen).not.toMatch(/Bcc\s+—/);
    t.keys('M-a');
    await t.waitFor('Files are not offered by this server');
    t.type('The refund is on its way.');
    t.keys('C-s');
    // Held by the app (DragApp has no outbox): u takes it back, nothing reaches DragApp, the composer reopens.
    await t.waitFor(/Reply to Jane Doe <jane@example\.com> sends in \d s · u undo/);
    t.keys('u');
    await t.waitFor('Reply taken back: nothing was sent');
    screen = await t.waitFor('Reply to "');
    expect(screen).toContain('The refund is on its way.');
    expect(svc.mail.replies).toHaveLength(0);
    t.keys('C-s');
    await t.waitFor('Reply sent', 15_000);
    expect(svc.mail.replies).toHaveLength(1);
    expect(svc.mail.replies[0]).toMatchObject({
      threadId: HEX_THREAD,
      emailType: 'reply',
      to: 'jane@example.com',
      emailContent: '<div>The refund is on its way.</div>',
      isNewSubject: 'false',
      isExtension: 'false',
    });
    // New mail goes through DragApp's send-new-email: w on the board opens its composer, To asked first.
    t.keys('Escape');
    await t.waitFor(/›● Refund for order 1182/);
    t.keys('w');
    await t.waitFor('New mail');
    t.keys('Escape');
    await t.waitFor(/›● Refund for order 1182/);
  });
});
