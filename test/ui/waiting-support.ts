/**
 * What the waiting suites share: mail delivered to the app's service as an
 * MTA would hand it over, dated so long ago by the real clock — the app's
 * own clock is the real one, so a message written 3½ hours ago is a
 * customer waiting 3 hours on its row.
 */
import { rawMail } from '../support/mail.js';
import { KEY, type Ui } from './helpers.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

let sent = 0;

/** A customer's message written `msAgo` before now, delivered to the board; the new card's id. */
export async function customerWrote(u: Ui, subject: string, msAgo: number): Promise<string> {
  const raw = rawMail({
    subject,
    messageId: `<w${++sent}.${Date.now()}@customer.example>`,
    date: new Date(Date.now() - msAgo).toUTCString(),
  });
  const res = await fetch(`${u.url}/v2/mail/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ BoardId: u.boardId, Message: raw.toString('base64') }),
  });
  const body = (await res.json()) as { data?: { CardId: string } };
  if (!res.ok || body.data === undefined) throw new Error(`delivery refused: ${res.status} ${JSON.stringify(body)}`);
  return body.data.CardId;
}

/** The frame's line holding `text`. */
export const lineWith = (frame: string, text: string): string => frame.split('\n').find((l) => l.includes(text)) ?? '';
