/**
 * Replies leave through an SMTP relay configured on the server (`inboard
 * serve --smtp URL --from ADDRESS`, or INBOARD_SMTP_URL/INBOARD_MAIL_FROM).
 * nodemailer speaks SMTP, imported on the first reply only. A relay's
 * refusal comes back in its own words; the relay's password never appears
 * in a message.
 */
import { HttpError } from '../errors.js';

export interface MailSettings {
  /** smtp://user:pass@host:port or smtps://… */
  smtpUrl: string;
  /** The From of every reply: `support@example.com` or `Support <support@example.com>`. */
  from: string;
}

/** What is wrong with these settings, in words; undefined when they will do. */
export function mailSettingsProblem(s: MailSettings): string | undefined {
  let url: URL;
  try {
    url = new URL(s.smtpUrl);
  } catch {
    return 'the SMTP URL is not a URL: write it as smtp://user:password@host:port';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    return `the SMTP URL must start with smtp:// or smtps://, not ${url.protocol}//`;
  if (url.hostname === '') return 'the SMTP URL names no host: smtp://user:password@host:port';
  if (!/^[^\s<>@]+@[^\s<>@]+\.?[^\s<>@]*$/.test(addressOf(s.from)))
    return `the From address '${s.from}' is not an email address such as support@example.com`;
  return undefined;
}

/** The bare address of `Name <a@b>` (or of `a@b`). */
export const addressOf = (text: string): string => /<([^<>]+)>\s*$/.exec(text)?.[1]?.trim() ?? text.trim();

/**
 * Settings from the environment, for the embedded service and `serve`
 * without flags. Neither set: undefined (replies are not set up). One
 * without the other is a mistake worth saying.
 */
export function mailSettingsFromEnv(env: Record<string, string | undefined>): MailSettings | undefined {
  const smtpUrl = env.INBOARD_SMTP_URL || undefined;
  const from = env.INBOARD_MAIL_FROM || undefined;
  if (smtpUrl === undefined && from === undefined) return undefined;
  if (smtpUrl === undefined) throw new Error('INBOARD_MAIL_FROM is set but INBOARD_SMTP_URL is not: set both');
  if (from === undefined) throw new Error('INBOARD_SMTP_URL is set but INBOARD_MAIL_FROM is not: set both');
  return { smtpUrl, from };
}

/** `Re: ` once: `Re: Re: x`, `RE: x`, `Aw: x` and `Re[2]: x` all answer as `Re: x`. */
export function replySubject(subject: string): string {
  const base = subject.replace(/^(\s*(re|aw|sv|antw)(\[\d+\])?\s*:\s*)+/i, '').trim();
  return `Re: ${base === '' ? '(no subject)' : base}`;
}

export interface Outgoing {
  to: string[];
  cc: string[];
  /** Blind copies: in the envelope only, never in the message's bytes. */
  bcc?: string[];
  subject: string;
  text: string;
  messageId: string;
  /** What it answers; null for a forward or new mail. */
  inReplyTo: string | null;
  references: string[];
  date: Date;
  /** Files, in order, byte for byte. */
  attachments?: readonly { name: string; contentType: string; content: Buffer }[];
}

const UNREACHABLE = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EDNS', 'ECONNREFUSED', 'ETLS']);

/** Where a message leaves: the service's relay (a URL), or a mailbox's own SMTP server and login. */
export type SmtpTarget =
  | { url: string }
  | {
      host: string;
      port: number;
      secure: boolean;
      requireTLS: boolean;
      /** Absent: no login (a relay that trusts its network). */
      auth?: { user: string; pass: string } | { type: 'OAuth2'; user: string; accessToken: string };
    };

const whereOf = (t: SmtpTarget): string => {
  if ('host' in t) return `${t.host}:${t.port}`;
  const url = new URL(t.url);
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
};

/** The message as it goes out, byte for byte: what the relay is given and the Sent folder keeps. */
export async function composeMail(
  from: string,
  out: Outgoing,
  extraHeaders: Record<string, string> = {},
): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  return new MailComposer({
    from,
    to: out.to,
    cc: out.cc,
    subject: out.subject,
    text: out.text,
    messageId: out.messageId,
    ...(out.inReplyTo === null ? {} : { inReplyTo: out.inReplyTo }),
    ...(out.references.length === 0 ? {} : { references: out.references }),
    date: out.date,
    headers: extraHeaders,
    attachments: (out.attachments ?? []).map((f) => ({
      filename: f.name,
      contentType: f.contentType,
      content: f.content,
      contentDisposition: 'attachment' as const,
    })),
  })
    .compile()
    .build();
}

/**
 * Sends one message; a refusal becomes a 502 whose message is the relay's
 * answer. Resolves to the bytes sent.
 */
export async function sendMail(settings: MailSettings, out: Outgoing, target?: SmtpTarget): Promise<Buffer> {
  const raw = await composeMail(settings.from, out);
  await sendRaw(settings, raw, [...out.to, ...out.cc, ...(out.bcc ?? [])], target);
  return raw;
}

/**
 * Hands bytes already composed to the relay for `recipients` (To, Cc and
 * Bcc); a refusal becomes a 502 in the relay's words. A relay that takes
 * the message for some recipients and refuses others has sent it: the
 * refused are said, not thrown (the message can't be called back).
 */
export async function sendRaw(
  settings: MailSettings,
  raw: Buffer,
  recipients: readonly string[],
  target?: SmtpTarget,
): Promise<{ refused: string[] }> {
  const { createTransport } = await import('nodemailer');
  const via = target ?? { url: settings.smtpUrl };
  const where = whereOf(via);
  // Timeouts inside the client's 10 s per request, so the answer says what happened.
  const timeouts = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 8_000 };
  const transport = createTransport('url' in via ? { url: via.url, ...timeouts } : { ...via, ...timeouts });
  try {
    const info = (await transport.sendMail({
      envelope: { from: addressOf(settings.from), to: recipients.map(addressOf) },
      raw,
    })) as { rejected?: unknown[] };
    const refused = (info.rejected ?? []).map((r) => (typeof r === 'string' ? r : JSON.stringify(r)));
    return { refused };
  } catch (e) {
    const err = e as { code?: unknown; response?: unknown; message?: unknown };
    const code = typeof err.code === 'string' ? err.code : '';
    const words =
      typeof err.response === 'string' && err.response !== ''
        ? err.response
        : typeof err.message === 'string'
          ? err.message
          : String(e);
    if (UNREACHABLE.has(code)) throw new HttpError(502, `The mail relay ${where} could not be reached: ${words}`);
    throw new HttpError(502, `The mail relay ${where} refused the reply: ${words}`);
  } finally {
    transport.close();
  }
}
