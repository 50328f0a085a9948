/**
 * What a mailbox's state says, in words, and what the owner may ask of the
 * mailbox: polling a server without IDLE, a refused login said once, a
 * folder that isn't there, and messages marked read or moved on request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawMail } from '../../../support/mail.js';
import { SUPPORT, startWorld, until, type World } from './world.js';

describe('a server without IDLE', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ imap: { idle: false } });
  }, 60_000);
  afterAll(() => w.close());

  it('is polled, says so, and its mail still arrives', async () => {
    const box = await w.connect();
    await until(async () => (await w.mailbox(box)).state === 'polling', 'polling');
    expect((await w.mailbox(box)).state_words).toMatch(
      /^polling INBOX every 0.25 s: the server does not offer IMAP IDLE$/,
    );
    await w.imap.append(SUPPORT, rawMail({ messageId: '<polled@customer.example>', subject: 'Polled in' }));
    await until(async () => (await w.cards()).some((c) => c.title === 'Polled in'), 'the polled message');
  });
});

describe('a watched mailbox that cannot work', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  }, 60_000);
  afterAll(() => w.close());

  it("says a refused login once, in the server's words, and not again while it stays refused", async () => {
    const box = await w.connect({ password: 'not-the-password', smtp: false });
    await until(async () => (await w.mailbox(box)).state === 'login-failed', 'the refusal');
    expect((await w.mailbox(box)).state_words).toMatch(
      /^can't log in as support@acme\.test on 127\.0\.0\.1:\d+: the server said ".*(Authentication failed|authentication failed).*"$/i,
    );
    // Retries go on (backoff), but the state and its log line are written once.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(w.log.filter((l) => l.startsWith(`mailbox ${box}: can't log in`))).toHaveLength(1);
    const r = await w.s.call('GET', `/v2/board/${w.boardId}/mailboxes`);
    expect(r.json.data[0]).toMatchObject({ Stuck: true, State: 'login-failed' });
    await w.s.withSql((db) => db.run('DELETE FROM mailboxes WHERE id = ?', [box]));
  });

  it('says a folder that does not exist, by name', async () => {
    const box = await w.connect({ folder: 'Nowhere', user: 'other@acme.test', smtp: false });
    await until(async () => (await w.mailbox(box)).state === 'no-folder', 'the missing folder');
    expect((await w.mailbox(box)).state_words).toMatch(/^the folder 'Nowhere' does not exist on 127\.0\.0\.1:\d+/);
    // Made meanwhile: the watcher finds it on its next try.
    await w.imap.createFolder('other@acme.test', 'Nowhere');
    await until(async () => (await w.mailbox(box)).state === 'idle', 'watched once the folder exists', 20_000);
    await w.s.withSql((db) => db.run('DELETE FROM mailboxes WHERE id = ?', [box]));
  });

  it('says so when its folder is deleted under it, and watches it again once it is back', async () => {
    await w.imap.createFolder('other@acme.test', 'Temp');
    const box = await w.connect({ user: 'other@acme.test', folder: 'Temp', smtp: false });
    await until(async () => (await w.mailbox(box)).state === 'idle', 'watched');
    await w.imap.deleteFolder('other@acme.test', 'Temp');
    await until(async () => (await w.mailbox(box)).state === 'no-folder', 'the deleted folder said', 20_000);
    expect((await w.mailbox(box)).state_words).toMatch(/^the folder 'Temp' does not exist/);
    await w.imap.createFolder('other@acme.test', 'Temp');
    await w.imap.append('other@acme.test', rawMail({ messageId: '<back@customer.example>', subject: 'Folder back' }), {
      folder: 'Temp',
    });
    await until(
      async () => (await w.cards()).some((c) => c.title === 'Folder back'),
      'mail from the folder made again',
      20_000,
    );
    await w.s.withSql((db) => db.run('DELETE FROM mailboxes WHERE id = ?', [box]));
  }, 60_000);

  it('imports 8-bit headers and an unknown charset as readable text, and moves on', async () => {
    const box = await w.connect({ user: 'other@acme.test', smtp: false });
    await until(async () => (await w.mailbox(box)).state === 'idle', 'watched');
    const raw = Buffer.concat([
      Buffer.from('From: Ren\xe9e <renee@customer.example>\r\nSubject: Caf\xe9 cr\xe8me\r\n', 'latin1'),
      Buffer.from(
        'Message-ID: <eight-bit@customer.example>\r\nContent-Type: text/plain; charset=x-no-such-charset\r\n\r\n',
        'latin1',
      ),
      Buffer.from('Bonjour, o\xf9 est ma commande ?\r\n', 'latin1'),
    ]);
    const { uid } = await w.imap.append('other@acme.test', raw);
    await until(async () => (await w.mailbox(box)).last_uid >= uid, 'imported');
    const card = (await w.cards()).find((c) => c.title.startsWith('Caf'))!;
    expect(card.title).toMatch(/^Caf. cr.me$/);
    const thread = (await w.s.call('GET', `/v2/card/${card.id}/messages`)).json.data as {
      Text: string;
      From: string;
    }[];
    expect(thread[0]?.Text).toMatch(/Bonjour, o. est ma commande/);
    expect(thread[0]?.From).toContain('renee@customer.example');
    await w.s.withSql((db) => db.run('DELETE FROM mailboxes WHERE id = ?', [box]));
  });

  it('marks imported mail read, or moves it, only when the owner asked', async () => {
    await w.imap.createFolder(SUPPORT, 'Imported');
    const box = await w.connect({ afterImport: 'move:Imported' });
    await until(async () => (await w.mailbox(box)).state === 'idle', 'watched');
    await w.imap.append(SUPPORT, rawMail({ messageId: '<moved@customer.example>', subject: 'Moved after import' }));
    await until(
      async () => (await w.imap.list(SUPPORT, 'Imported')).some((m) => m.messageId === '<moved@customer.example>'),
      'moved',
    );
    expect((await w.imap.list(SUPPORT)).some((m) => m.messageId === '<moved@customer.example>')).toBe(false);
    expect((await w.cards()).some((c) => c.title === 'Moved after import')).toBe(true);
    await w.s.withSql((db) => db.run('DELETE FROM mailboxes WHERE id = ?', [box]));

    const seen = await w.connect({ user: 'other@acme.test', afterImport: 'seen', smtp: false });
    await until(async () => (await w.mailbox(seen)).state === 'idle', 'watched');
    await w.imap.append('other@acme.test', rawMail({ messageId: '<seen@customer.example>', subject: 'Marked read' }));
    await until(
      async () =>
        (await w.imap.list('other@acme.test'))
          .find((m) => m.messageId === '<seen@customer.example>')
          ?.flags.includes('\\Seen'),
      'marked read',
    );
  });
});
