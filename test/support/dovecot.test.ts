/**
 * The tests' IMAP server (test/support/dovecot.ts) against itself: a real
 * Dovecot, reached with imapflow as the mailbox import will reach it.
 */
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type TestImapServer } from './dovecot.js';

const SUPPORT = 'support@acme.test';
let n = 0;
const message = (subject: string): { raw: Buffer; messageId: string } => {
  const messageId = `<t${++n}.${Date.now()}@acme.test>`;
  const raw = [
    'From: Ana <ana@example.test>',
    `To: ${SUPPORT}`,
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    'Date: Fri, 27 Nov 2026 10:00:00 +0000',
    '',
    `${subject}, the body.`,
    '',
  ].join('\r\n');
  return { raw: Buffer.from(raw), messageId };
};

/** A client as the import would make one, from the server's URL. */
function clientFor(url: string): ImapFlow {
  const u = new URL(url);
  return new ImapFlow({
    host: u.hostname,
    port: Number(u.port),
    secure: false,
    auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) },
    logger: false,
  });
}

describe('startDovecot', () => {
  let imap: TestImapServer;
  beforeAll(async () => {
    imap = await startDovecot();
  });
  afterAll(async () => {
    await imap?.stop();
  });

  it('serves IMAP on loopback, with IDLE and a \\Sent folder, to a client built from url()', async () => {
    expect(imap.host).toBe('127.0.0.1');
    expect(imap.url(SUPPORT, 'INBOX')).toBe(
      `imap://support%40acme.test:${encodeURIComponent(imap.password(SUPPORT))}@127.0.0.1:${imap.port}/INBOX`,
    );
    const c = clientFor(imap.url(SUPPORT));
    await c.connect();
    try {
      expect(c.capabilities.has('IDLE')).toBe(true);
      const sent = (await c.list()).find((box) => box.specialUse === '\\Sent');
      expect(sent?.path).toBe('Sent');
    } finally {
      await c.logout();
    }
  });

  it('tells an IDLE client of a message appended meanwhile', async () => {
    const c = clientFor(imap.url('other@acme.test'));
    await c.connect();
    try {
      await c.mailboxOpen('Sent');
      const heard = new Promise<number>((resolve) => c.once('exists', (e: { count: number }) => resolve(e.count)));
      void c.idle();
      await imap.append('other@acme.test', message('Sent from elsewhere').raw, { folder: 'Sent', flags: ['\\Seen'] });
      expect(await heard).toBe(1);
    } finally {
      await c.logout();
    }
  });

  it('appends and lists without changing any flag; flags given on APPEND show', async () => {
    const plain = message('Printer on fire');
    const seen = message('Already read');
    const a = await imap.append(SUPPORT, plain.raw);
    const b = await imap.append(SUPPORT, seen.raw, { flags: ['\\Seen'] });
    expect(b.uid).toBeGreaterThan(a.uid);
    expect(b.uidValidity).toBe(a.uidValidity);
    expect(typeof a.uidValidity).toBe('bigint');
    const first = await imap.list(SUPPORT);
    expect(first).toEqual([
      { uid: a.uid, flags: [], messageId: plain.messageId, size: plain.raw.length },
      { uid: b.uid, flags: ['\\Seen'], messageId: seen.messageId, size: seen.raw.length },
    ]);
    // Listing twice leaves the mailbox as it was: no \Seen from reading.
    expect(await imap.list(SUPPORT)).toEqual(first);
  });

  it("keeps each user's mail apart, and folders come and go", async () => {
    await imap.createFolder('other@acme.test', 'Archive/2026');
    const m = message('For the archive');
    await imap.append('other@acme.test', m.raw, { folder: 'Archive/2026', flags: ['\\Flagged'] });
    expect((await imap.list('other@acme.test', 'Archive/2026')).map((x) => x.flags)).toEqual([['\\Flagged']]);
    expect(await imap.list('other@acme.test')).toEqual([]);
    await imap.deleteFolder('other@acme.test', 'Archive/2026');
    await expect(imap.list('other@acme.test', 'Archive/2026')).rejects.toThrow();
  });

  it('changeUidValidity gives the folder a new UIDVALIDITY and keeps its messages', async () => {
    const before = await imap.list(SUPPORT);
    const old = (await imap.append(SUPPORT, message('Before the change').raw)).uidValidity;
    const kept = await imap.list(SUPPORT);
    const changed = await imap.changeUidValidity(SUPPORT);
    expect(changed).not.toBe(old);
    const c = clientFor(imap.url(SUPPORT));
    await c.connect();
    try {
      const box = await c.mailboxOpen('INBOX', { readOnly: true });
      expect(box.uidValidity).toBe(changed);
    } finally {
      await c.logout();
    }
    expect((await imap.list(SUPPORT)).map((x) => x.messageId)).toEqual(kept.map((x) => x.messageId));
    expect(kept.length).toBe(before.length + 1);
    expect((await imap.append(SUPPORT, message('After the change').raw)).uidValidity).toBe(changed);
  });

  it('after changeUidValidity, a session with the folder selected is dropped at its next NOOP', async () => {
    const c = clientFor(imap.url(SUPPORT));
    c.on('error', () => {});
    await c.connect();
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    await c.mailboxOpen('INBOX');
    const changed = await imap.changeUidValidity(SUPPORT);
    await c.noop().catch(() => {});
    await closed;
    const again = clientFor(imap.url(SUPPORT));
    await again.connect();
    try {
      expect((await again.mailboxOpen('INBOX', { readOnly: true })).uidValidity).toBe(changed);
    } finally {
      await again.logout();
    }
  });

  it('restart drops connections and comes back on the same port with the same mail', async () => {
    const before = await imap.list(SUPPORT);
    const c = clientFor(imap.url(SUPPORT));
    await c.connect();
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    const port = imap.port;
    await imap.restart();
    await closed;
    expect(imap.port).toBe(port);
    expect(await imap.list(SUPPORT)).toEqual(before);
  });

  it('pause refuses connections until resume', async () => {
    await imap.pause();
    try {
      const c = clientFor(imap.url(SUPPORT));
      c.on('error', () => {});
      await expect(c.connect()).rejects.toThrow();
    } finally {
      await imap.resume();
    }
    expect((await imap.list(SUPPORT)).length).toBeGreaterThan(0);
  });

  it('refuses a wrong password', async () => {
    const c = new ImapFlow({
      host: imap.host,
      port: imap.port,
      secure: false,
      auth: { user: SUPPORT, pass: `${imap.password(SUPPORT)}-wrong` },
      logger: false,
    });
    c.on('error', () => {});
    await expect(c.connect()).rejects.toMatchObject({ authenticationFailed: true });
  });
});

describe('startDovecot({ idle: false, sentFolder: false })', () => {
  it('announces no IDLE, so clients poll, and has no Sent folder', async () => {
    const imap = await startDovecot({ idle: false, sentFolder: false, users: ['solo@acme.test'] });
    try {
      const c = clientFor(imap.url('solo@acme.test'));
      await c.connect();
      try {
        expect(c.capabilities.has('IDLE')).toBe(false);
        expect(c.capabilities.has('UIDPLUS')).toBe(true);
        expect((await c.list()).map((box) => box.path)).toEqual(['INBOX']);
      } finally {
        await c.logout();
      }
    } finally {
      await imap.stop();
    }
  });
});
