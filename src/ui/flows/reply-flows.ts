/**
 * `w` in the card detail and triage: a reply to the card's email thread, in
 * the composer (compose/composer.ts). It opens at once with the customer as
 * To; what the service will pick — From, To, Cc (reply-all) and the board's
 * signature — is asked meanwhile and fills in when it comes, what is typed
 * kept. To, Cc and Bcc go only when changed (the service's reply-all
 * otherwise); a first line `Cc: a@example.com` still adds copies, as mail
 * programs let a header be written above the text. The reply shows in the
 * thread at once as sending, then sent. Refused (no SMTP on the server, a
 * relay that says no), the composer opens again as it was under the
 * server's words, and it is kept as a draft that `w` brings back.
 */
import type { CardId } from '../../api/read-model.js';
import { Email } from '../../api/schema.js';
import { MAIL_LIMITS } from '../../api/schema-mail.js';
import type { BoardStore, ReplyMail, ThreadMessage } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { withSignature } from '../../text/template.js';
import { truncate } from '../../text/width.js';
import type { DraftId } from '../drafts.js';
import { heldReply } from '../../api/held.js';
import type { HeldReplyData, OutgoingFile } from '../../api/schema-mail.js';
import { type Flow } from './flow.js';
import { keepDraft, quoted, type Keep } from './kept-drafts.js';
import { press } from '../keys/active.js';
import { addressLine, sameAddresses } from '../compose/addresses.js';
import { openComposer, refreshComposer, shownCc, shownTo, type Composer } from '../compose/composer.js';
import { outgoingFiles } from '../compose/files.js';
import { emptyLetter, letterFields, letterOf } from '../compose/letter.js';
import { configSignature } from '../compose/signature.js';
import { confirmUnfilled, pickSavedReply, savedRepliesUnavailable, unfilledWords } from '../compose/saved-replies.js';
import { ownSignature, reopenRefused, sendsMore } from './sending.js';

/** The messages known of the card's thread (null: not read yet). */
export function messages(store: BoardStore, cardId: CardId): readonly ThreadMessage[] | null {
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
export function lastInbound(ms: readonly ThreadMessage[]): ThreadMessage | undefined {
  for (let i = ms.length - 1; i >= 0; i--) if (ms[i]?.Direction === 'in') return ms[i];
  return undefined;
}

/** `Re: …` once, whatever the customer's program put before it. */
export function replySubject(subject: string): string {
  return /^\s*re\s*:/i.test(subject) ? subject.trim() : `Re: ${subject.trim()}`;
}

export const LABEL = 9;

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

/** What the composer opens with, when it is not a kept draft: what was typed before, what it was written from. */
export interface ReplyStart {
  initial?: string;
  /** All the composer held (a reply taken back, a held one edited): its text, addresses and files. */
  fields?: Readonly<Record<string, string>>;
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
  const title = s.view.cards.get(cardId)?.displayTitle ?? sanitize(last.Subject);
  const id: DraftId = { kind: 'reply', board: s.boardId, card: cardId };
  const keep: Keep = { id, label: `reply on ${quoted(title)}`, reopen: press('detail', 'card.reply') };
  const kept = f.overlays.drafts.get(id)?.fields;
  const from = start.fields ?? (start.initial !== undefined ? { text: start.initial } : kept);
  const { letter, gone } = from === undefined ? { letter: emptyLetter(), gone: [] } : letterOf(from);
  const c: Composer = {
    mode: 'reply',
    title: `Reply to ${quoted(title)}`,
    keep,
    letter,
    // Until the service says (reply-defaults): the customer, as the thread shows them.
    picked: { from: null, to: [last.ReplyTo ?? last.From], cc: null },
    signature: ownSignature(f),
    lines: [`${'Subject'.padEnd(LABEL)}${truncate(sanitize(subject), 200)}`],
    more: sendsMore(f),
    readText: {
      check: (text) => readReplyText(text).error,
      preview: (text) => {
        const { cc } = readReplyText(text);
        const copies = cc.length === 0 ? '' : `Cc ${truncate(cc.map((a) => sanitize(a)).join(', '), 200)}`;
        return [copies, unfilledWords(text)].filter((s) => s !== '').join(' · ');
      },
    },
    savedReplies: {
      unavailable: () => savedRepliesUnavailable(f),
      pick: (value, cursor) => pickSavedReply(f, c, cardId, value, cursor),
    },
    send: (c) =>
      confirmUnfilled(f, c, () => sendTyped(f, { c, cardId, replied, ...(seen !== undefined ? { seen } : {}) })),
    key: null,
  };
  const error = start.error ?? (gone.length > 0 ? `Left out: ${gone.join('; ')}` : undefined);
  openComposer(f, c, {
    restored: from !== undefined && from === kept,
    ...(error !== undefined ? { error } : {}),
  });
  // Asked as it opens; what is typed meanwhile stays, the lines fill in when the answer comes.
  f.store
    .getState()
    .replyDefaults(cardId)
    .then(
      (d) => {
        const was = c.picked ?? { from: null, to: [], cc: null };
        // The same person as the thread shows: kept as shown there (with their name).
        const to = d.To.length > 0 && !sameAddresses(d.To, was.to) ? d.To : was.to;
        c.picked = { from: d.From, to, cc: d.Cc };
        c.signature ??= d.Signature;
        refreshComposer(f, c);
      },
      () => {
        // Not known: the service still picks them; the composer stops saying it is asking.
        c.picked = { ...(c.picked ?? { from: null, to: [] }), cc: [] };
        refreshComposer(f, c);
      },
    );
}

interface Typed {
  c: Composer;
  cardId: CardId;
  replied: () => void;
  seen?: string;
  sendAnyway?: boolean;
}

/** What the reply carries besides its text: only what its writer changed, so the service's reply-all applies otherwise. */
function replyMail(c: Composer, firstLine: readonly string[], files: OutgoingFile[]): ReplyMail {
  const l = c.letter;
  const own = configSignature();
  const cc = [...new Set([...(shownCc(c) ?? []), ...firstLine])];
  return {
    ...(l.toSet ? { To: [...l.to] } : {}),
    ...(l.ccSet || firstLine.length > 0 ? { Cc: cc } : {}),
    ...(l.bcc.length > 0 ? { Bcc: [...l.bcc] } : {}),
    ...(files.length > 0 ? { Attachments: files } : {}),
    ...(own !== null && c.more ? { Signature: own } : {}),
  };
}

/** Sends what the composer had, the way the server lets it be taken back; a held reply offers the choice. */
export function sendTyped(f: Flow, t: Typed): void {
  const { c } = t;
  const { cc: firstLine, body: typed } = readReplyText(c.letter.text);
  // A server that signs nothing itself (DragApp) gets the writer's signature as part of the text, as shown.
  const body = c.more ? typed : withSignature(typed, ownSignature(f));
  const fields = letterFields(c.letter);
  const keepIt = () => f.overlays.drafts.keep({ ...c.keep.id, label: c.keep.label, fields });
  const to = truncate(addressLine(shownTo(c)), 40);
  const o = {
    ...(t.seen !== undefined ? { seen: t.seen } : {}),
    ...(t.sendAnyway === true ? { sendAnyway: true } : {}),
  };
  outgoingFiles(c.letter.files)
    .then((files) => {
      const mail = replyMail(c, firstLine, files);
      const cc = mail.Cc ?? shownCc(c) ?? [];
      return f.store.getState().sendReplyLater(
        {
          cardId: t.cardId,
          to,
          typed: c.letter.text,
          fields,
          send: () => f.store.getState().sendReply(t.cardId, body, cc, { ...o, mail }),
        },
        {
          sent: () => {
            f.notify('Reply sent');
            t.replied();
            // Sent from the outbox: the thread read again has it.
            void f.store.getState().loadThread(t.cardId, { fresh: true });
          },
          // Later, once the user moved on: the status bar has the words; `w` brings it all back.
          failed: () => keepIt(),
        },
      );
    })
    .then(
      (waiting) => {
        if (waiting !== null) f.notify(`Reply to ${to} is on its way · u takes it back`);
      },
      (e: unknown) => {
        const held = heldReply(e instanceof Error && e.cause !== undefined ? e.cause : e);
        if (held !== undefined) {
          f.store.getState().clearError();
          return heldChoice(f, t, held);
        }
        // Refused now: the composer again, as it was, under the server's words (kept as a draft too).
        reopenRefused(f, c, e);
      },
    );
}

/** A reply the service held: what arrived, then send anyway, edit, or keep it as a draft. */
function heldChoice(f: Flow, t: Typed, held: HeldReplyData): void {
  const lines = arrivedLines(held);
  const newest = held.Arrived.at(-1)?.MessageId ?? t.seen;
  const fields = letterFields(t.c.letter);
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
      keepDraft(f, t.c.keep, fields);
    },
    onPick: (choice) => {
      if (choice.startsWith('line:')) return;
      f.overlays.close(key);
      if (choice === 'anyway') return sendTyped(f, { ...t, sendAnyway: true });
      if (choice === 'draft') return keepDraft(f, t.c.keep, fields);
      // Written again having read what came: that is what it answers now.
      const again: Typed = { ...t, ...(newest !== undefined ? { seen: newest } : {}) };
      t.c.send = (c) => sendTyped(f, { ...again, c });
      openComposer(f, t.c);
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
