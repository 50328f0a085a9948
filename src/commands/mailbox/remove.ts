/** `inboard mailbox remove ID`: stops watching a mailbox; the mailbox on its server is untouched. */
import { mailboxId, MailboxUsage, say, withDatabase, type Values } from './shared.js';

export async function remove(values: Values, rest: string[]): Promise<number> {
  const id = mailboxId(rest[0], 'remove');
  if (rest.length > 1) throw new MailboxUsage(`unexpected argument '${rest[1]}'`);
  const { removeMailbox } = await import('../../server/mail/imap/mailbox-store.js');
  const { MAILBOXES_CHANNEL } = await import('../../server/mail/imap/supervisor.js');
  return withDatabase(values, async (db) => {
    const gone = await db.tx(async (sql) => {
      const n = await removeMailbox(sql, id);
      await sql.signal(MAILBOXES_CHANNEL);
      return n;
    });
    if (!gone) {
      say(`no mailbox ${id} (inboard mailbox list shows them)`);
      return 1;
    }
    say(`mailbox ${id} removed; its cards stay on their board, the mailbox on its server is as it was`);
    return 0;
  });
}
