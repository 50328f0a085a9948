/**
 * Two instances watching one mailbox at once (a lease that lapsed while its
 * holder was only slow): each message is still imported exactly once,
 * because import.ts knows it by its bytes inside the import's transaction.
 * On SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../../../src/server/app.js';
import { MailboxWatcher } from '../../../../src/server/mail/imap/watcher.js';
import { lazySecretBox } from '../../../../src/server/secrets.js';
import { openDatabase } from '../../../../src/server/sql/open.js';
import type { Database } from '../../../../src/server/sql/sql.js';
import { rawMail } from '../../../support/mail.js';
import { FAST, SUPPORT, startWorld, until, type World } from './world.js';

let w: World;
let db: Database;
beforeAll(async () => {
  w = await startWorld();
  db = await openDatabase(w.s.dbPath);
}, 60_000);
afterAll(async () => {
  await db.close();
  await w.close();
});

describe('two instances on one mailbox at once', () => {
  it('import each message once', async () => {
    const box = await w.connect();
    await until(async () => (await w.mailbox(box)).state === 'idle', 'watched');
    // A second instance's watcher on the same mailbox, past the lease: both IDLE on the folder.
    const ctx = serviceContext(db);
    const intruder = new MailboxWatcher(box, { ctx, secrets: lazySecretBox(w.secretFile), ...FAST.watch });
    try {
      const n = 40;
      for (let i = 0; i < n; i++)
        await w.imap.append(
          SUPPORT,
          rawMail({ messageId: `<overlap-${i}@customer.example>`, subject: `Overlap ${i}` }),
        );
      const last = (await w.imap.list(SUPPORT)).at(-1)!.uid;
      await until(async () => (await w.mailbox(box)).last_uid >= last, 'all imported', 30_000);
      await intruder.settled();
      const titles = (await w.cards()).map((c) => c.title);
      expect(titles).toHaveLength(n);
      expect(new Set(titles).size).toBe(n);
      const seen = await w.s.withSql((d) =>
        d.get<{ n: number }>('SELECT COUNT(*) AS n FROM mailbox_messages WHERE mailbox_id = ?', [box]),
      );
      expect(Number(seen?.n)).toBe(n);
      expect((await w.mailbox(box)).imported).toBe(n);
    } finally {
      await intruder.stop();
      ctx.feed.close();
    }
  }, 90_000);
});
