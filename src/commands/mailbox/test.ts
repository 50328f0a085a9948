/**
 * `inboard mailbox test ID`: logs in to the mailbox's IMAP and SMTP servers
 * as the watcher and replies would, and says what works and what does not,
 * in the servers' words. Exit 0 only when everything works.
 */
import { secretFilePath } from '../../config/paths.js';
import { mailboxId, MailboxUsage, say, withDatabase, type Values } from './shared.js';

const ok = (line: string) => void process.stdout.write(`✓ ${line}\n`);
const bad = (line: string) => void process.stdout.write(`✗ ${line}\n`);

export async function test(values: Values, rest: string[]): Promise<number> {
  const id = mailboxId(rest[0], 'test');
  if (rest.length > 1) throw new MailboxUsage(`unexpected argument '${rest[1]}'`);
  const store = await import('../../server/mail/imap/mailbox-store.js');
  const { storedAddress } = await import('../../server/mail/imap/mailbox-url.js');
  const { imapClient, troubleOf } = await import('../../server/mail/imap/connect.js');
  const { lazySecretBox } = await import('../../server/secrets.js');
  return withDatabase(values, async (db, target) => {
    const row = await store.mailboxById(db, id);
    if (row === undefined) {
      say(`no mailbox ${id} (inboard mailbox list shows them)`);
      return 1;
    }
    let creds;
    try {
      creds = store.credentialsOf(lazySecretBox(secretFilePath(target)), row);
    } catch (e) {
      bad(`password: ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    }
    let failed = 0;
    const imap = storedAddress(row.imap_url, 'imap');
    try {
      const client = await imapClient(imap, creds.imap, { disableAutoIdle: true });
      client.on('error', () => undefined);
      await client.connect();
      try {
        ok(`IMAP: logged in as ${imap.user} on ${imap.host}:${imap.port}${client.secureConnection ? ' (TLS)' : ''}`);
        const box = await client.mailboxOpen(imap.folder, { readOnly: true });
        ok(
          `IMAP: ${imap.folder} holds ${box.exists} message${box.exists === 1 ? '' : 's'} (UIDVALIDITY ${String(box.uidValidity)})`,
        );
        if (client.capabilities.has('IDLE')) ok('IMAP: IDLE offered: new mail arrives within seconds');
        else ok('IMAP: no IDLE on this server: inboard asks every 10 s instead');
        const sent = (await client.list()).find((f) => f.specialUse === '\\Sent');
        if (sent !== undefined) ok(`IMAP: replies are copied to ${sent.path}`);
        else if (row.smtp_url !== null)
          bad(
            'IMAP: no \\Sent folder: replies are sent but no copy is kept (a folder named Sent is used if there is one)',
          );
      } finally {
        await client.logout().catch(() => client.close());
      }
    } catch (e) {
      failed++;
      bad(`IMAP: ${troubleOf(e, imap).words}`);
    }
    if (row.smtp_url === null) {
      ok("SMTP: none set: replies on this board go through the service's relay (inboard serve --smtp), if it has one");
    } else {
      try {
        const { senderOf } = await import('../../server/mail/imap/outgoing.js');
        const sender = await senderOf(row, lazySecretBox(secretFilePath(target)));
        const { createTransport } = await import('nodemailer');
        const t = sender.target;
        if ('url' in t) throw new Error('unexpected relay URL');
        const transport = createTransport({ ...t, connectionTimeout: 10_000, greetingTimeout: 10_000 });
        try {
          await transport.verify();
          const user = storedAddress(row.smtp_url, 'smtp').user;
          ok(
            `SMTP: ${user === '' ? 'reached, without login,' : `logged in as ${user} on`} ${t.host}:${t.port}; replies leave from ${row.from_addr}`,
          );
        } finally {
          transport.close();
        }
      } catch (e) {
        failed++;
        const err = e as { response?: unknown; message?: unknown };
        bad(
          `SMTP: ${typeof err.response === 'string' ? err.response : typeof err.message === 'string' ? err.message : String(e)}`,
        );
      }
    }
    return failed === 0 ? 0 : 1;
  });
}
