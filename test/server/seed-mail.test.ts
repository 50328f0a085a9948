/** The demo's email threads: real threads on Support Inbox cards, which mail-in and replies continue. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import { CardMessage } from '../../src/api/schema-mail.js';
import { DEMO_THREADS } from '../../src/server/seed-mail.js';
import { rawMail } from '../support/mail.js';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

const cardId = (title: string) =>
  s.withSql(
    async (db) =>
      ((await db.get<{ id: number }>('SELECT id FROM cards WHERE title = ?', [title])) as { id: number }).id,
  );
const thread = async (id: number) =>
  envelope(z.array(CardMessage)).parse((await s.call('GET', `/v2/card/${id}/messages`)).json).data;

describe('the demo threads', () => {
  it('puts 2–4 messages on each thread card: HTML and plain, quoted, non-Latin, an attachment', async () => {
    const all = [];
    for (const title of Object.keys(DEMO_THREADS)) {
      const t = await thread(await cardId(title));
      expect(t.length).toBeGreaterThanOrEqual(2);
      expect(t.length).toBeLessThanOrEqual(4);
      // Each answer names the one before it, as mail programs thread.
      t.slice(1).forEach((m, i) => expect(m.InReplyTo).toBe(t[i]?.MessageId));
      all.push(...t);
    }
    expect(all.some((m) => m.Html !== null)).toBe(true);
    expect(all.some((m) => m.Html === null)).toBe(true);
    expect(all.some((m) => /^> /m.test(m.Text))).toBe(true);
    expect(all.some((m) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(m.Text))).toBe(true);
    expect(all.some((m) => m.Attachments.length > 0)).toBe(true);
    expect(new Set(all.map((m) => m.Direction))).toEqual(new Set(['in', 'out']));
  });

  it("a customer's answer to a demo message joins its card", async () => {
    const id = await cardId('【至急】請求書の宛名変更のお願い');
    const last = (await thread(id)).at(-1)?.MessageId ?? '';
    const r = await s.call('POST', '/v2/mail/inbound', {
      body: { BoardId: 1, Message: rawMail({ messageId: '<ans@example.jp>', inReplyTo: last }).toString('base64') },
    });
    expect(r.json.data.CardId).toBe(String(id));
  });
});
