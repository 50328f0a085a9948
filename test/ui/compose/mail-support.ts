/**
 * What the composer's tests share: the app on a service with an SMTP relay
 * on loopback, a customer's message delivered to the board (as `inboard
 * mail-in` would) and its card opened, and what the relay received parsed
 * as a mail program reads it (mailparser).
 */
import { createHash } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { startRelay, type TestRelay } from '../../support/mail.js';
import { focus, KEY, startUi, type Ui, type UiOptions } from '../helpers.js';

export interface MailUi {
  ui: Ui;
  relay: TestRelay;
}

export const FROM = 'Support <support@inboard.example>';

export async function startMailUi(opts: UiOptions = {}): Promise<MailUi> {
  const relay = await startRelay();
  const ui = await startUi({ columns: 140, mail: { smtpUrl: relay.url, from: FROM }, ...opts });
  return { ui, relay };
}

/** Delivers a raw message to the open board; its card's id. */
export async function deliver(ui: Ui, raw: Buffer): Promise<string> {
  const res = await fetch(`${ui.url}/v2/mail/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ BoardId: ui.boardId, Message: raw.toString('base64') }),
  });
  if (!res.ok) throw new Error(`delivery refused: ${await res.text()}`);
  return ((await res.json()) as { data: { CardId: string } }).data.CardId;
}

/** The card on the board (read again), focused and opened with its thread read. */
export async function openCard(ui: Ui, id: string): Promise<void> {
  await ui.press('r');
  await ui.until(() => ui.store.getState().view.cards.get(id) !== undefined, 'the delivered card on the board');
  focus(ui, ui.store.getState().view.cards.get(id)!.title);
  await ui.press('enter');
  await ui.waitFor(/Thread \(\d+ messages?\)/);
}

/** The relay's n-th mail, parsed. */
export async function parsed(relay: TestRelay, n: number): Promise<ParsedMail> {
  const got = relay.received[n];
  if (got === undefined) throw new Error(`the relay has ${relay.received.length} mails, not ${n + 1}`);
  return simpleParser(got.raw);
}

export const sha256 = (b: Buffer | Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** The addresses of a parsed header (To, Cc). */
export function addresses(a: ParsedMail['to']): string[] {
  if (a === undefined) return [];
  return (Array.isArray(a) ? a : [a]).flatMap((x) => x.value.map((v) => v.address ?? ''));
}

/** Alt+letter as a terminal sends it: ESC, then the letter. */
export const alt = (letter: string): string => `\x1b${letter}`;
