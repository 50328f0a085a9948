/**
 * Contract: an attachment's bytes (`GET /v2/attachment/:id`), from mail
 * delivered through mail-in: byte for byte what the sender's mail carried,
 * with its declared type, always a download under a safe name, never
 * sniffed; 404 alike for an unknown id and a key that can't see the board.
 */
import contentDisposition from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import { CardMessage, InboundMailData, type MessageAttachment } from '../../src/api/schema-mail.js';
import { mailWithFiles, pdfBytes, pngBytes, sha256, type TestFile } from '../support/attachment-mail.js';
import { multipartMail } from '../support/mail.js';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
let boardId: number;
let stranger: string;
beforeAll(async () => {
  s = await startTestService({ demo: false });
  const board = await s.call('POST', '/v2/board', { body: { Name: 'Files' } });
  boardId = board.json.data.Id as number;
  await s.call('POST', `/v2/board/${boardId}/column`, { body: { Name: 'Inbox' } });
  stranger = await s.addUser('stranger@example.com');
});
afterAll(() => s.close());

/** Delivers mail carrying `files`; resolves to its card and the attachments as its thread lists them. */
async function delivered(files: TestFile[]): Promise<{ cardId: string; list: MessageAttachment[] }> {
  const raw = await mailWithFiles(files);
  const r = await s.call('POST', '/v2/mail/inbound', { body: { BoardId: boardId, Message: raw.toString('base64') } });
  expect(r.status, r.text).toBe(200);
  const { CardId } = envelope(InboundMailData).parse(r.json).data;
  const t = await s.call('GET', `/v2/card/${CardId}/messages`);
  const [m] = envelope(z.array(CardMessage)).parse(t.json).data;
  return { cardId: CardId, list: m?.Attachments ?? [] };
}

/** The bytes of a route, read as bytes (the test helper reads text). */
async function fetchBytes(url: string, key: string | null = s.key) {
  const res = await fetch(s.url + url, { headers: key === null ? {} : { authorization: key } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('GET /v2/attachment/:id', () => {
  it('serves a PDF and an inline image byte for byte, with their declared types, as downloads', async () => {
    const pdf = pdfBytes(300_000);
    const png = pngBytes(40_000);
    const { list } = await delivered([
      { filename: 'invoice 1042.pdf', contentType: 'application/pdf', content: pdf },
      { filename: 'screenshot.png', contentType: 'image/png', content: png, cid: 'shot@customer' },
    ]);
    // The inline image comes first: its part sits with the HTML, before the mixed attachments.
    list.sort((a, b) => a.Name.localeCompare(b.Name));
    expect(list.map((a) => [a.Name, a.Size, a.ContentType])).toEqual([
      ['invoice 1042.pdf', pdf.length, 'application/pdf'],
      ['screenshot.png', png.length, 'image/png'],
    ]);
    for (const a of list) expect(a.Url).toBe(`/v2/attachment/${a.Id ?? ''}`);
    const [p, i] = [await fetchBytes(list[0]?.Url ?? ''), await fetchBytes(list[1]?.Url ?? '')];
    expect(p.status).toBe(200);
    expect(sha256(p.bytes)).toBe(sha256(pdf));
    expect(sha256(i.bytes)).toBe(sha256(png));
    expect(Object.fromEntries(p.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': 'attachment; filename="invoice 1042.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(i.headers.get('content-type')).toBe('image/png');
    expect(i.headers.get('content-disposition')).toBe('attachment; filename="screenshot.png"');
  });

  it('names hostile files safely in Content-Disposition: no path, no controls, no bidi override, capped', async () => {
    const names = [
      '../../.bashrc',
      'a/b',
      'bell\u0007\u001b[31mred.txt',
      'invoice\u202Efdp.exe',
      `${'x'.repeat(300)}.pdf`,
      '....',
    ];
    const { list } = await delivered(
      names.map((filename, n) => ({
        filename,
        contentType: 'application/octet-stream',
        content: Buffer.from(`file ${n}`),
      })),
    );
    expect(list).toHaveLength(names.length);
    const served: string[] = [];
    for (const [n, a] of list.entries()) {
      const r = await fetchBytes(a.Url ?? '');
      expect(r.status).toBe(200);
      expect(r.bytes.toString()).toBe(`file ${n}`);
      const header = r.headers.get('content-disposition') ?? '';
      expect(header.startsWith('attachment;')).toBe(true);
      served.push(contentDisposition.parse(header).parameters.filename ?? '');
    }
    for (const name of served) {
      expect(name).not.toMatch(/[/\\\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
      expect(name).not.toMatch(/^\.|\.$/);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    }
    expect(served[0]).toBe('bashrc');
    expect(served[1]).toBe('ab');
    expect(served[3]).toBe('invoicefdp.exe');
    expect(served[4]).toMatch(/^x+\.pdf$/);
    expect(served[5]).toBe('attachment');
  });

  it('serves a part whose declared type lies as declared, never sniffed, never inline', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const { list } = await delivered([{ filename: 'report.pdf', contentType: 'application/pdf', content: html }]);
    const r = await fetchBytes(list[0]?.Url ?? '');
    expect(r.bytes.equals(html)).toBe(true);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="report.pdf"');
  });

  it('writes a name outside Latin-1 as RFC 5987 filename*, with an ASCII fallback', async () => {
    const { list } = await delivered([
      { filename: 'facture été 注文.pdf', contentType: 'application/pdf', content: Buffer.from('x') },
    ]);
    const r = await fetchBytes(list[0]?.Url ?? '');
    expect(r.status, r.bytes.toString()).toBe(200);
    const header = r.headers.get('content-disposition') ?? '';
    expect(header).toContain("filename*=UTF-8''facture%20%C3%A9t%C3%A9%20%E6%B3%A8%E6%96%87.pdf");
    expect(header).toContain('filename="facture _t_ __.pdf"');
    expect(contentDisposition.parse(header).parameters.filename).toBe('facture été 注文.pdf');
  });

  it('answers 404 in the envelope to a key that cannot see the board, as to an unknown id', async () => {
    const { list } = await delivered([
      { filename: 'secret.pdf', contentType: 'application/pdf', content: pdfBytes(2000) },
    ]);
    const id = list[0]?.Id ?? '';
    const theirs = await s.call('GET', `/v2/attachment/${id}`, { key: stranger });
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual({ message: `No attachment ${id}`, error: true, code: 404 });
    const [row] = id.split('.');
    for (const unknown of [`${row}.9`, '999999.0', 'abc', '1.2.3', '0.0', `${row}.01`]) {
      const r = await s.call('GET', `/v2/attachment/${unknown}`);
      expect(r.status, unknown).toBe(404);
      expect(r.json).toEqual({ message: `No attachment ${unknown}`, error: true, code: 404 });
    }
    expect((await s.call('GET', `/v2/attachment/${id}`, { key: null })).status).toBe(401);
  });

  it('gives no Id or Url where the original message is not kept, and refuses its bytes in words', async () => {
    const { cardId, list } = await delivered([
      { filename: 'kept.pdf', contentType: 'application/pdf', content: Buffer.from('y') },
    ]);
    expect(list[0]?.Id).toBeDefined();
    await s.withSql((db) => db.run('UPDATE messages SET raw = NULL WHERE card_id = ?', [Number(cardId)]));
    const t = envelope(z.array(CardMessage)).parse((await s.call('GET', `/v2/card/${cardId}/messages`)).json).data;
    expect(t[0]?.Attachments[0]).toEqual({ Name: 'kept.pdf', Size: 1, ContentType: 'application/pdf' });
    const r = await s.call('GET', `/v2/attachment/${list[0]?.Id ?? ''}`);
    expect(r.status).toBe(410);
    expect(r.json.message).toBe(
      "The attachment kept.pdf can't be served: its message's original copy is not kept on this service",
    );
  });

  it('serves the largest file a message can carry (17 MiB: 23 MiB of base64) byte for byte', async () => {
    const big = pdfBytes(17 * 1024 * 1024);
    const { list } = await delivered([{ filename: 'scan.pdf', contentType: 'application/pdf', content: big }]);
    const r = await fetchBytes(list[0]?.Url ?? '');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-length')).toBe(String(big.length));
    expect(sha256(r.bytes)).toBe(sha256(big));
  });

  it('refuses in words when the kept copy no longer holds the part listed', async () => {
    const { cardId, list } = await delivered([
      { filename: 'gone.pdf', contentType: 'application/pdf', content: Buffer.from('zz') },
    ]);
    const other = multipartMail({
      attachment: { name: 'other.pdf', type: 'application/pdf', bytes: Buffer.from('different') },
    });
    await s.withSql((db) => db.run('UPDATE messages SET raw = ? WHERE card_id = ?', [other, Number(cardId)]));
    const r = await s.call('GET', `/v2/attachment/${list[0]?.Id ?? ''}`);
    expect(r.status).toBe(410);
    expect(r.json.message).toContain('no longer holds it as it arrived');
  });
});
