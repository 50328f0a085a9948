/**
 * The client's `getAttachment`: an attachment's bytes read as bytes (not
 * JSON) from the local service, byte-equal to what the mail carried, with
 * the name and type its answer gives; refusals in the server's words; and
 * DragApp, whose API serves no attachment's bytes, saying so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { mailWithFiles, pdfBytes, sha256 } from '../support/attachment-mail.js';
import { startDragAppService, type DragAppService } from '../support/dragapp-service.js';
import { startTestService, type TestService } from '../server/helpers.js';
import { failure } from './helpers.js';

let s: TestService;
let client: Client;
let drag: DragAppService;
beforeAll(async () => {
  s = await startTestService({ demo: true });
  client = createClient({ baseUrl: s.url, apiKey: s.key, maxAttempts: 1 });
  drag = await startDragAppService();
});
afterAll(async () => {
  await Promise.all([s.close(), drag.close()]);
});

describe('getAttachment', () => {
  it('reads a received PDF byte for byte, with its name and type', async () => {
    const pdf = pdfBytes(500_000);
    const raw = await mailWithFiles([{ filename: 'facture été.pdf', contentType: 'application/pdf', content: pdf }]);
    const r = await s.call('POST', '/v2/mail/inbound', { body: { BoardId: 1, Message: raw.toString('base64') } });
    const [m] = await client.listMessages(r.json.data.CardId as string);
    const a = m?.Attachments[0];
    expect(a?.Id).toBeDefined();
    const got = await client.getAttachment(a?.Id ?? '');
    expect(sha256(got.Bytes)).toBe(sha256(pdf));
    expect(got).toMatchObject({ Name: 'facture été.pdf', ContentType: 'application/pdf' });
    expect(client.offers('attachments')).toBe(true);
  });

  it("says the server's words for an id it does not know", async () => {
    const e = await failure(client.getAttachment('99999.0'));
    expect(e).toMatchObject({ status: 404, message: 'No attachment 99999.0' });
  });

  it("on DragApp, says its API does not serve attachments' bytes", async () => {
    const c = createClient({ baseUrl: drag.url, apiKey: drag.key, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
    await c.listBoards();
    const e = await failure(c.getAttachment('abc'));
    expect(e).toMatchObject({ kind: 'unsupported', message: "DragApp's API does not serve attachments' bytes" });
    expect(c.offers('attachments')).toBe(false);
  });
});
