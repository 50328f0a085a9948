/**
 * A board whose mailbox can't be reached tells its owner on the status bar,
 * in the watcher's words, with the command that says more; a member, who
 * can't fix it, is not told; once mail flows again the message goes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OWNER_EMAIL } from '../../src/server/index.js';
import { startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

const WORDS = `can't log in as support@acme.test on imap.acme.test:993: the server said "[AUTHENTICATIONFAILED] Authentication failed."`;

function stuckMailbox(u: Ui): void {
  // The state as the watcher writes it (src/server/mail/imap/watcher.ts, tested on a real Dovecot).
  u.sql(
    `INSERT INTO mailboxes (board_id, address, imap_url, from_addr, secret, created_at, state, state_words)
     VALUES (?, 'support@acme.test', 'imaps://support%40acme.test@imap.acme.test:993/INBOX', 'support@acme.test', ?, '2026-11-27T10:00:00.000Z', 'login-failed', ?)`,
    u.boardId,
    Buffer.from([1]),
    WORDS,
  );
}

describe('mail that is not coming in', () => {
  it('is said to the board’s owner, in the watcher’s words, with what to run; and goes once it flows', async () => {
    ui = await startUi();
    stuckMailbox(ui);
    await ui.press('r');
    const frame = await ui.waitFor(/Mail from support@acme\.test is not coming in/);
    expect(frame).toContain('mail not coming in');
    expect(frame.replace(/\s+/g, ' ')).toContain('run inboard mailbox test 1');
    expect(frame.replace(/\s+/g, ' ')).toContain("can't log in as support@acme.test");
    ui.sql("UPDATE mailboxes SET state = 'idle', state_words = 'connected and idle on INBOX (IMAP IDLE)'");
    await ui.press('r');
    await ui.until(() => ui.store.getState().stuckMail === null, 'the message gone');
    expect(ui.frame()).not.toContain('not coming in');
  });

  it('is not said to a member, who cannot change the mailbox', async () => {
    ui = await startUi();
    await ui.teammate('boss@example.com');
    ui.sql(
      'UPDATE boards SET owner_id = (SELECT id FROM users WHERE email = ?) WHERE id = ?',
      'boss@example.com',
      ui.boardId,
    );
    ui.sql('INSERT INTO board_members (board_id, email) VALUES (?, ?)', ui.boardId, DEFAULT_OWNER_EMAIL);
    await ui.store.getState().loadBoards();
    await ui.store.getState().loadMe();
    stuckMailbox(ui);
    await ui.press('r');
    await ui.until(() => ui.store.getState().boards.items.some((b) => b.Owner === 'boss@example.com'), 'the new owner');
    await new Promise((r) => setTimeout(r, 300));
    expect(ui.store.getState().stuckMail).toBeNull();
    expect(ui.frame()).not.toContain('not coming in');
  });
});
