/** `inboard mailbox list [--json]`: each mailbox and whether its mail is flowing — never a password. */
import { table } from '../output.js';
import { MailboxUsage, withDatabase, type Values } from './shared.js';

export async function list(values: Values, rest: string[]): Promise<number> {
  if (rest.length > 0) throw new MailboxUsage(`unexpected argument '${rest[0]}'`);
  const { allMailboxes } = await import('../../server/mail/imap/mailbox-store.js');
  const { storedAddress } = await import('../../server/mail/imap/mailbox-url.js');
  return withDatabase(values, async (db) => {
    const rows = await allMailboxes(db);
    const boards = new Map(
      (await db.all<{ id: number; name: string }>('SELECT id, name FROM boards')).map((b) => [Number(b.id), b.name]),
    );
    const items = rows.map((m) => {
      const imap = storedAddress(m.imap_url, 'imap');
      return {
        Id: String(m.id),
        BoardId: String(m.board_id),
        Board: boards.get(m.board_id) ?? '',
        Address: m.address,
        Imap: m.imap_url,
        Smtp: m.smtp_url,
        Folder: imap.folder,
        AfterImport: m.after_import,
        State: m.state,
        StateWords: m.state_words,
        StateAt: m.state_at,
        LastMessageAt: m.last_message_at,
        Imported: m.imported,
      };
    });
    if (values.json) {
      process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
      return 0;
    }
    if (items.length === 0) {
      process.stdout.write('No mailboxes. Connect one: inboard mailbox add --board BOARD --imap URL --smtp URL\n');
      return 0;
    }
    process.stdout.write(
      table(
        [
          { header: 'ID', right: true },
          { header: 'BOARD' },
          { header: 'ADDRESS' },
          { header: 'FOLDER' },
          { header: 'STATE', max: 120 },
          { header: 'LAST MESSAGE' },
          { header: 'IMPORTED', right: true },
        ],
        items.map((i) => [
          i.Id,
          i.Board,
          i.Address,
          i.Folder,
          i.StateWords || i.State,
          i.LastMessageAt ?? '-',
          i.Imported,
        ]),
      ),
    );
    return 0;
  });
}
