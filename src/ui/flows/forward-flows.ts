/**
 * `f` in the card detail and triage: the customer's newest message
 * forwarded (to finance, to a colleague) in the composer. To is asked
 * first, since it has none; the text is an optional note above the
 * message; its subject and files are shown, and the files go with it by
 * themselves, byte for byte. Sent, the thread is read again and shows it;
 * refused, the composer opens again as it was.
 */
import type { CardId } from '../../api/read-model.js';
import type { OutgoingFile } from '../../api/schema-mail.js';
import type { BoardStore, ThreadMessage } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import { addressLine } from '../compose/addresses.js';
import { editAddresses, openComposer, type Composer } from '../compose/composer.js';
import { outgoingFiles } from '../compose/files.js';
import { emptyLetter, letterOf } from '../compose/letter.js';
import { configSignature } from '../compose/signature.js';
import type { DraftId } from '../drafts.js';
import { press } from '../keys/active.js';
import { byteSize } from '../thread-text.js';
import { type Flow } from './flow.js';
import { quoted, type Keep } from './kept-drafts.js';
import { LABEL, lastInbound, messages, noThread } from './reply-flows.js';
import { ownSignature, reopenRefused, sendsMore, showBoardSignature } from './sending.js';

/** Why `f` can't forward: not offered (DragApp), no thread yet, or nothing from the customer in it. */
export function forwardUnavailable(store: BoardStore, cardId: CardId): string | null {
  if (store.getState().offers('forward') === false) return 'Forwarding is not offered by this server';
  const why = noThread(store, cardId);
  if (why === 'This card has no email thread') return 'This card has no email to forward';
  if (why !== null) return why;
  return lastInbound(messages(store, cardId) ?? []) === undefined
    ? 'No message from the customer in this thread to forward'
    : null;
}

/** `Fwd: …` once, whatever was before it. */
export const forwardSubject = (subject: string): string =>
  /^\s*(fwd?|fw)\s*:/i.test(subject) ? subject.trim() : `Fwd: ${subject.trim()}`;

/** What is forwarded, in lines under the addresses: its subject, whose it is, its files. */
function forwardedLines(m: ThreadMessage): string[] {
  const at = (label: string, v: string) => `${label.padEnd(LABEL)}${v}`;
  const files = m.Attachments.map((a) => `${sanitize(a.Name)} · ${byteSize(a.Size)}`);
  return [
    at('Subject', truncate(sanitize(forwardSubject(m.Subject)), 200)),
    at('Forwards', `the message from ${sanitize(m.From)}${files.length > 0 ? ', with its files:' : ''}`),
    ...(files.length > 0 ? [at('', truncate(files.join(', '), 300))] : []),
  ];
}

export function forward(f: Flow, cardId: CardId, done: () => void): void {
  const s = f.store.getState();
  const m = lastInbound(messages(f.store, cardId) ?? []);
  if (m === undefined) return;
  const title = s.view.cards.get(cardId)?.displayTitle ?? sanitize(m.Subject);
  const id: DraftId = { kind: 'forward', board: s.boardId, card: cardId };
  const keep: Keep = { id, label: `forward of ${quoted(title)}`, reopen: press('detail', 'card.forward') };
  const kept = f.overlays.drafts.get(id)?.fields;
  const { letter, gone } = kept === undefined ? { letter: emptyLetter(), gone: [] } : letterOf(kept);
  // Nothing is picked for a forward: every address is the writer's.
  letter.toSet = true;
  letter.ccSet = true;
  const c: Composer = {
    mode: 'forward',
    title: `Forward ${quoted(title)}`,
    keep,
    letter,
    picked: null,
    signature: ownSignature(f),
    lines: forwardedLines(m),
    more: sendsMore(f),
    send: (c) => send(f, c, cardId, m.MessageId, done),
    key: null,
  };
  showBoardSignature(f, c);
  if (letter.to.length === 0) return editAddresses(f, c, 'to', true);
  openComposer(f, c, {
    restored: kept !== undefined,
    ...(gone.length > 0 ? { error: `Left out: ${gone.join('; ')}` } : {}),
  });
}

function send(f: Flow, c: Composer, cardId: CardId, messageId: string, done: () => void): void {
  const l = c.letter;
  const own = configSignature();
  const to = truncate(addressLine(l.to), 40);
  outgoingFiles(l.files)
    .then((files: OutgoingFile[]) =>
      f.store.getState().forwardMail(cardId, {
        To: [...l.to],
        ...(l.cc.length > 0 ? { Cc: [...l.cc] } : {}),
        ...(l.bcc.length > 0 ? { Bcc: [...l.bcc] } : {}),
        ...(l.text.trim() !== '' ? { Body: l.text } : {}),
        MessageId: messageId,
        ...(files.length > 0 ? { Attachments: files } : {}),
        ...(own !== null ? { Signature: own } : {}),
      }),
    )
    .then(
      (answer) => {
        f.notify(answer.OutboxId !== undefined ? `Forward to ${to} is on its way` : `Forwarded to ${to}`);
        done();
      },
      (e: unknown) => reopenRefused(f, c, e),
    );
}
