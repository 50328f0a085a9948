/**
 * Mail for the tests: raw RFC 5322 messages written out by hand (so the
 * encodings are exactly the ones under test), and a real SMTP relay
 * (smtp-server) on loopback that keeps what it is given or refuses a
 * recipient in its own words.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface RawMail {
  from?: string;
  to?: string;
  subject?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  replyTo?: string;
  date?: string;
  /** Extra header lines, written as given. */
  headers?: string[];
  /** The whole body, MIME and all; a plain text body when `contentType` is absent. */
  body?: string;
  contentType?: string;
}

/** A message as an MTA hands it over: CRLF lines, headers, a blank line, the body. */
export function rawMail(m: RawMail = {}): Buffer {
  const lines = [
    `From: ${m.from ?? 'Ana Lima <ana@customer.example>'}`,
    `To: ${m.to ?? 'support@inboard.example'}`,
    `Subject: ${m.subject ?? 'Order 1042 has not arrived'}`,
    `Date: ${m.date ?? 'Tue, 24 Nov 2026 09:15:00 +0100'}`,
    ...(m.messageId === undefined ? [] : [`Message-ID: ${m.messageId}`]),
    ...(m.inReplyTo === undefined ? [] : [`In-Reply-To: ${m.inReplyTo}`]),
    ...(m.references === undefined ? [] : [`References: ${m.references}`]),
    ...(m.replyTo === undefined ? [] : [`Reply-To: ${m.replyTo}`]),
    'MIME-Version: 1.0',
    `Content-Type: ${m.contentType ?? 'text/plain; charset=utf-8'}`,
    ...(m.headers ?? []),
    '',
    m.body ?? 'Hello,\r\nmy order has not arrived yet.\r\nAna',
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

/** base64 wrapped at 76 characters, as MIME writes it. */
export const base64Lines = (b: Buffer) => (b.toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');

/** multipart/mixed with a text part, an HTML part and one attachment. */
export function multipartMail(m: RawMail & { attachment?: { name: string; type: string; bytes: Buffer } }): Buffer {
  const b = 'b1_inboard_test';
  const alt = 'b2_inboard_test';
  const a = m.attachment ?? { name: 'invoice.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 test') };
  const body = [
    `--${b}`,
    `Content-Type: multipart/alternative; boundary="${alt}"`,
    '',
    `--${alt}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Gr=C3=BC=C3=9Fe, the invoice is attached.',
    `--${alt}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Grüße, the <b>invoice</b> is attached.</p>',
    `--${alt}--`,
    `--${b}`,
    `Content-Type: ${a.type}; name="${a.name}"`,
    `Content-Disposition: attachment; filename="${a.name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(a.bytes),
    `--${b}--`,
    '',
  ].join('\r\n');
  return rawMail({ ...m, contentType: `multipart/mixed; boundary="${b}"`, body });
}

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

export interface TestRelay {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A relay on loopback. `refuse`: recipients it answers 550 for, in its own
 * words. With `user`/`pass` it asks for them (AUTH PLAIN over plain text is
 * allowed here, loopback only).
 */
export async function startRelay(opts: { refuse?: string[]; user?: string; pass?: string } = {}): Promise<TestRelay> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: opts.user === undefined,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      if (opts.refuse?.includes(address.address)) {
        const err = new Error(`Mailbox ${address.address} unavailable: no such user here`) as Error & {
          responseCode: number;
        };
        err.responseCode = 550;
        cb(err);
      } else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const auth =
    opts.user === undefined ? '' : `${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.pass ?? '')}@`;
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
