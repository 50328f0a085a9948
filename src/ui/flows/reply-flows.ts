/**
 * `r` in the card detail and triage: a reply to the card's email thread.
 * The prompt shows whom it goes to (the last customer message's sender),
 * the Cc and the subject; the text is typed there or in `$EDITOR`
 * (Ctrl+G). A first line `Cc: a@example.com, b@example.com` puts copies on
 * it, as mail programs let a header be written above the text. It is the
 * composer: Enter adds a line, Ctrl+S sends (its foot says "send"); the
 * prompt closes and the reply shows in the thread at once as sending, then sent. Refused (no SMTP on the server, a relay
 * that says no), the status bar has the server's words and the text is kept
 * as a draft that `r` brings back; Esc keeps it the same way.
 */
import type { CardId } from '../../api/read-model.js';
import { Email } from '../../api/schema.js';
import { MAIL_LIMITS } from '../../api/schema-mail.js';
import type { BoardStore, ThreadMessage } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import type { DraftId } from '../drafts.js';
import { heldReply } from '../../api/held.js';
import type { HeldReplyData } from '../../api/schema-mail.js';
import { ask, keepDraft, quoted, type Flow, type Keep } from './flow.js';
import { press } from '../keys/active.js';

/** The messages known of the card's thread (null: not read yet). */
function messages(store: BoardStore, cardId: CardId): readonly ThreadMessage[] | null {
  return store.getState().threads.get(cardId)?.messages ?? null;
}

/** Why the card's thread can't be shown or folded: the server has none, it is still on its way, the card has none. */
export function noThread(store: BoardStore, cardId: CardId): string | null {
  const s = store.getState();
  if (s.threadsOffered === false) return 'Email threads are not offered by this server';
  const e = s.threads.get(cardId);
  if (e?.messages == null)
    return e?.error != null ? `The thread could not be read: ${e.error}` : 'The thread is still loading…';
  return e.messages.length === 0 ? 'This card has no email thread' : null;
}

/** Why `r` can't reply: as noThread, and a thread with no message from the customer has no one to answer. */
export function replyUnavailable(store: BoardStore, cardId: CardId): string | null {
  const why = noThread(store, cardId);
  if (why === 'This card has no email thread') return 'This card has no email thread to reply to';
  if (why !== null) return why;
  return lastInbound(messages(store, cardId) ?? []) === undefined
    ? 'No message from the customer in this thread: nobody to reply to'
    : null;
}

/** The customer's latest message, in the order the service took them in (as it picks whom a reply goes to). */
function lastInbound(ms: readonly ThreadMessage[]): ThreadMessage | undefined {
  for (let i = ms.length - 1; i >= 0; i--) if (ms[i]?.Direction === 'in') return ms[i];
  return undefined;
}

/** `Re: …` once, whatever the customer's program put before it. */
export function replySubject(subject: string): string {
  return /^\s*re\s*:/i.test(subject) ? subject.trim() : `Re: ${subject.trim()}`;
}

const LABEL = 9;

/** A reply's text read for its `Cc:` first line: the copies, the text to send, or why it can't go. */
export interface ReplyText {
  readonly cc: readonly string[];
  readonly body: string;
  readonly error: string | null;
}

const CC_LINE = /^[ \t]*cc[ \t]*:(.*)(?:\r?\n|$)/i;

export function readReplyText(text: string): ReplyText {
  const m = CC_LINE.exec(text);
  if (m === null) return { cc: [], body: text, error: null };
  // The blank line people leave under a header is not part of the text.
  const body = text.slice(m[0].length).replace(/^(?:[ \t]*\r?\n)+/, '');
  const cc = (m[1] ?? '')
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const bad = cc.find((a) => !Email.safeParse(a).success);
  const error =
    bad !== undefined
      ? `Cc: "${truncate(sanitize(bad), 60)}" is not an email address (write name@example.com, separated by commas)`
      : cc.length > MAIL_LIMITS.cc
        ? `Cc: ${cc.length} addresses; at most ${MAIL_LIMITS.cc}`
        : body.trim() === ''
          ? 'Type the reply under the Cc: line'
          : null;
  return { cc, body, error };
}

/** What the composer opens with, when it is not a kept draft: text typed before, what it was written from. */
export interface ReplyStart {
  initial?: string;
  /** The newest message its writer has read (held replies reopen with what they were shown). */
  seen?: string;
  error?: string;
}

/** `w`: the reply composer; `replied` runs once the server took it (triage counts it). */
export function reply(f: Flow, cardId: CardId, replied: () => void, start: ReplyStart = {}): void {
  const s = f.store.getState();
  const thread = messages(f.store, cardId) ?? [];
  const last = lastInbound(thread);
  if (last === undefined) return;
  // What its writer has read: the newest message of the thread on screen as the composer opens.
  const seen = start.seen ?? thread.at(-1)?.MessageId;
  const subject = replySubject(last.Subject);
  const to = sanitize(last.ReplyTo ?? last.From);
  const details = [
    // Where the service sends it: the customer's Reply-To, else their From.
    `${'To'.padEnd(LABEL)}${to}`,
    `${'Cc'.padEnd(LABEL)}— (a first line "Cc: name@example.com, …" adds copies)`,
    `${'Subject'.padEnd(LABEL)}${truncate(sanitize(subject), 200)}`,
  ];
  const title = s.view.cards.get(cardId)?.displayTitle ?? sanitize(last.Subject);
  const id: DraftId = { kind: 'reply', board: s.boardId, card: cardId };
  const keep: Keep = { id, label: `reply on ${quoted(title)}`, reopen: press('detail', 'card.reply') };
  ask(f, {
    title: `Reply to ${quoted(title)}`,
    details,
    composer: true,
    draft: keep,
    ...(start.initial !== undefined ? { initial: start.initial } : {}),
    ...(start.error !== undefined ? { error: start.error } : {}),
    check: (text) => readReplyText(text).error,
    preview: (text) => {
      const { cc } = readReplyText(text);
      return cc.length === 0 ? '' : `Cc ${truncate(cc.map((a) => sanitize(a)).join(', '), 200)}`;
    },
    next: (text) => {
      f.overlays.close();
      // On its way: a refusal keeps it again, so nothing typed is lost.
      f.overlays.drafts.drop(id);
      sendTyped(f, { cardId, to: truncate(to, 40), text, keep, replied, ...(seen !== undefined ? { seen } : {}) });
    },
  });
}

interface Typed {
  cardId: CardId;
  to: string;
  text: string;
  keep: Keep;
  replied: () => void;
  seen?: string;
  sendAnyway?: boolean;
}

/** Sends what the composer had, the way the server lets it be taken back; a held reply offers the choice. */
export function sendTyped(f: Flow, t: Typed): void {
  const { cc, body } = readReplyText(t.text);
  const keepIt = () => f.overlays.drafts.keep({ ...t.keep.id, label: t.keep.label, fields: { text: t.text } });
  const o = {
    ...(t.seen !== undefined ? { seen: t.seen } : {}),
    ...(t.sendAnyway === true ? { sendAnyway: true } : {}),
  };
  f.store
    .getState()
    .sendReplyLater(
      { cardId: t.cardId, to: t.to, typed: t.text, send: () => f.store.getState().sendReply(t.cardId, body, cc, o) },
      {
        sent: () => {
          f.notify('Reply sent');
          t.replied();
          // Sent from the outbox: the thread read again has it.
          void f.store.getState().loadThread(t.cardId, { fresh: true });
        },
        // The status bar has the words; `w` brings the text back.
        failed: () => keepIt(),
      },
    )
    .then(
      (waiting) => {
        if (waiting !== null) f.notify(`Reply to ${t.to} is on its way · u takes it back`);
      },
      (e: unknown) => {
        const held = heldReply(e instanceof Error && e.cause !== undefined ? e.cause : e);
        if (held === undefined) return keepIt();
        f.store.getState().clearError();
        heldChoice(f, t, held);
      },
    );
}

/** A reply the service held: what arrived, then send anyway, edit, or keep it as a draft. */
function heldChoice(f: Flow, t: Typed, held: HeldReplyData): void {
  const lines = arrivedLines(held);
  const newest = held.Arrived.at(-1)?.MessageId ?? t.seen;
  const key = f.overlays.later({
    kind: 'pick',
    title: 'Reply held, nothing was sent: the thread moved on since you started writing',
    status: { text: `${lines.length === 0 ? '' : `${lines[0] ?? ''} · `}your text is kept`, error: true },
    items: [
      ...lines.map((label, i) => ({ value: `line:${i}`, label, dim: true })),
      { value: 'anyway', label: 'Send anyway (I have read what came)' },
      { value: 'edit', label: 'Edit it (the composer reopens with your text)' },
      { value: 'draft', label: 'Keep it as a draft (w brings it back)' },
    ],
    initialIndex: lines.length,
    onCancel: () => {
      f.overlays.close(key);
      keepDraft(f, t.keep, { text: t.text });
    },
    onPick: (choice) => {
      if (choice.startsWith('line:')) return;
      f.overlays.close(key);
      if (choice === 'anyway') return sendTyped(f, { ...t, sendAnyway: true });
      if (choice === 'draft') return keepDraft(f, t.keep, { text: t.text });
      reply(f, t.cardId, t.replied, { initial: t.text, ...(newest !== undefined ? { seen: newest } : {}) });
    },
  });
}

/** Each arrival in a line or two: who, when, and its first words (terminal-safe). */
function arrivedLines(held: HeldReplyData): string[] {
  const out: string[] = [];
  for (const m of held.Arrived) {
    const words = sanitize(m.Text.replace(/\s+/g, ' ').trim());
    out.push(`${m.Direction === 'in' ? 'New from' : 'Sent by'} ${sanitize(m.From)}: ${truncate(words, 160)}`);
  }
  for (const w of held.Waiting)
    out.push(`${sanitize(w.By)} has a reply waiting to go: ${truncate(sanitize(w.Body.replace(/\s+/g, ' ')), 140)}`);
  return out;
}
