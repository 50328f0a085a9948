/**
 * Mail with files, as a customer's mail program would send it: built by
 * nodemailer's MailComposer (real MIME: base64 parts, RFC 2231 names, an
 * inline image referenced by cid:), delivered through mail-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface TestFile {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Set for an inline image the HTML shows through `cid:`. */
  cid?: string;
}

export const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** A PDF-looking file of `size` bytes, random past its header (so every byte counts). */
export function pdfBytes(size = 200_000): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

/** A PNG-looking image: its signature, then random bytes. */
export function pngBytes(size = 50_000): Buffer {
  const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

export async function mailWithFiles(
  files: TestFile[],
  o: { subject?: string; messageId?: string } = {},
): Promise<Buffer> {
  const inline = files.filter((f) => f.cid !== undefined);
  const composer = new MailComposer({
    from: 'Ana Lima <ana@customer.example>',
    to: 'support@inboard.example',
    subject: o.subject ?? 'Invoice and a screenshot',
    messageId: o.messageId ?? `<files-${randomBytes(6).toString('hex')}@customer.example>`,
    date: new Date('2026-11-24T08:15:00Z'),
    text: 'Hello,\nthe invoice and a screenshot are attached.\nAna',
    html: `<p>Hello, see below.</p>${inline.map((f) => `<img src="cid:${f.cid ?? ''}">`).join('')}`,
    attachments: files.map((f) => ({
      filename: f.filename,
      contentType: f.contentType,
      content: f.content,
      ...(f.cid === undefined ? {} : { cid: f.cid, contentDisposition: 'inline' as const }),
    })),
  });
  return composer.compile().build();
}
