/**
 * Mail sent from a board with a mailbox leaves through that mailbox's SMTP
 * server, from its address, and a copy goes into its Sent folder so
 * teammates reading the mailbox in Gmail or Outlook see the answer — once:
 * a copy already there (the provider files what its SMTP sends) is not
 * appended again. Of a board's several mailboxes, a thread's mail leaves
 * through the one it came in through (`sendingMailbox`'s `prefer`).
 */
import { HttpError } from '../../errors.js';
import type { SecretBox } from '../../secrets.js';
import type { Sql } from '../../sql/sql.js';
import type { MailSettings, SmtpTarget } from '../smtp.js';
import { imapClient } from './connect.js';
import { authFor } from './credentials.js';
import { credentialsOf, mailboxesOfBoard, type MailboxRow } from './mailbox-store.js';
import { storedAddress } from './mailbox-url.js';

export interface MailboxSender {
  mailboxId: number;
  settings: MailSettings;
  target: SmtpTarget;
  /** Appends the sent bytes to the mailbox's Sent folder unless a copy is there; resolves to what it did, in words. */
  copyToSent(raw: Buffer, messageId: string): Promise<string>;
}

/** Providers whose SMTP files every message it sends in Sent by itself. */
const FILES_ITS_OWN = /(^|\.)(gmail\.com|googlemail\.com)$/i;

/**
 * The mailbox a board's message leaves through: `prefer` (the one its
 * thread came in through) when it is the board's and sends, else the
 * board's first that sends.
 */
export async function sendingMailbox(
  sql: Sql,
  boardId: number,
  prefer?: number | null,
): Promise<MailboxRow | undefined> {
  const boxes = (await mailboxesOfBoard(sql, boardId)).filter((m) => m.smtp_url !== null);
  return boxes.find((m) => m.id === prefer) ?? boxes[0];
}

export async function senderForBoard(
  sql: Sql,
  secrets: SecretBox | undefined,
  boardId: number,
  prefer?: number | null,
): Promise<MailboxSender | undefined> {
  const box = await sendingMailbox(sql, boardId, prefer);
  if (box === undefined) return undefined;
  if (secrets === undefined)
    throw new HttpError(
      409,
      `The board's mailbox ${box.id} can't send: the service has no secret key file to unseal its password with (INBOARD_SECRET_FILE). Nothing was sent.`,
    );
  return senderOf(box, secrets);
}

export async function senderOf(box: MailboxRow, secrets: SecretBox): Promise<MailboxSender> {
  const creds = credentialsOf(secrets, box);
  const smtp = storedAddress(box.smtp_url ?? '', 'smtp');
  // No user in the SMTP URL: no login at all (plain text still only on loopback: requireTls).
  const login =
    smtp.user === ''
      ? null
      : await authFor(smtp.user, creds.smtp ?? creds.imap).catch((e: Error) => {
          throw new HttpError(
            502,
            `The board's mailbox ${box.id} can't log in to send: ${e.message}. Nothing was sent.`,
          );
        });
  return {
    mailboxId: box.id,
    settings: { smtpUrl: box.smtp_url ?? '', from: box.from_addr },
    target: {
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      requireTLS: smtp.requireTls,
      ...(login === null
        ? {}
        : { auth: 'pass' in login ? login : { type: 'OAuth2', user: login.user, accessToken: login.accessToken } }),
    },
    copyToSent: (raw, messageId) => copyToSent(box, secrets, raw, messageId),
  };
}

async function copyToSent(box: MailboxRow, secrets: SecretBox, raw: Buffer, messageId: string): Promise<string> {
  const imap = storedAddress(box.imap_url, 'imap');
  if (FILES_ITS_OWN.test(imap.host)) return `${imap.host} files what its SMTP sends in Sent itself: no copy appended`;
  const client = await imapClient(imap, credentialsOf(secrets, box).imap, { disableAutoIdle: true });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const folders = await client.list();
    const sent =
      folders.find((f) => f.specialUse === '\\Sent') ??
      folders.find((f) => /^(sent|sent items|sent messages|sent mail)$/i.test(f.name));
    if (sent === undefined)
      return 'the mailbox has no Sent folder (no \\Sent special-use folder, none named Sent): no copy kept';
    await client.mailboxOpen(sent.path, { readOnly: true });
    const found = await client.search({ header: { 'message-id': messageId } }, { uid: true });
    if (Array.isArray(found) && found.length > 0) return `a copy is in ${sent.path} already`;
    await client.append(sent.path, raw, ['\\Seen']);
    return `copy appended to ${sent.path}`;
  } finally {
    await client.logout().catch(() => client.close());
  }
}
