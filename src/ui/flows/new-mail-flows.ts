/**
 * `w` on the board: new mail, written first to a customer, in the
 * composer. To is asked first, then the subject; the text and files in the
 * composer. Sent, the service makes its card — in the column focused when
 * the key was pressed — and the board read again shows it, focused; the
 * customer's answer joins that card. Refused, the status bar has the
 * server's words and the composer opens again with everything typed.
 */
import type { BoardState } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import { addressLine } from '../compose/addresses.js';
import { editAddresses, openComposer, type Composer } from '../compose/composer.js';
import { outgoingFiles } from '../compose/files.js';
import { emptyLetter, letterOf } from '../compose/letter.js';
import { configSignature } from '../compose/signature.js';
import type { DraftId } from '../drafts.js';
import { press } from '../keys/active.js';
import type { Flow } from './flow.js';
import type { Keep } from './kept-drafts.js';
import { ownSignature, reopenRefused, sendsMore, showBoardSignature } from './sending.js';

/** Why `w` can't write new mail here: the server doesn't (DragApp), or no board is open. */
export function newMailUnavailable(s: BoardState): string | null {
  if (s.offers('compose') === false) return 'New mail is not offered by this server';
  return s.boardId === null ? 'Open a board first: new mail makes a card on it' : null;
}

export function newMail(f: Flow): void {
  const s = f.store.getState();
  const column = s.columns[s.cursor.col];
  const id: DraftId = { kind: 'mail', board: s.boardId, card: null };
  const keep: Keep = { id, label: 'new mail', reopen: press('board', 'mail.new') };
  const kept = f.overlays.drafts.get(id)?.fields;
  const { letter, gone } = kept === undefined ? { letter: emptyLetter(), gone: [] } : letterOf(kept);
  letter.toSet = true;
  letter.ccSet = true;
  const c: Composer = {
    mode: 'new',
    title: column === undefined ? 'New mail' : `New mail (its card in ${truncate(column.displayName, 30)})`,
    keep,
    letter,
    picked: null,
    signature: ownSignature(f),
    lines: [],
    more: sendsMore(f),
    send: (c) => send(f, c, column?.id),
    key: null,
  };
  showBoardSignature(f, c);
  if (letter.to.length === 0) return editAddresses(f, c, 'to', true);
  openComposer(f, c, {
    restored: kept !== undefined,
    ...(gone.length > 0 ? { error: `Left out: ${gone.join('; ')}` } : {}),
  });
}

function send(f: Flow, c: Composer, columnId: number | undefined): void {
  const l = c.letter;
  const own = configSignature();
  const to = truncate(addressLine(l.to), 40);
  outgoingFiles(l.files)
    .then((files) =>
      f.store.getState().composeMail({
        To: [...l.to],
        ...(l.cc.length > 0 ? { Cc: [...l.cc] } : {}),
        ...(l.bcc.length > 0 ? { Bcc: [...l.bcc] } : {}),
        Subject: l.subject,
        Body: l.text,
        ...(columnId !== undefined ? { ColumnId: columnId } : {}),
        ...(files.length > 0 ? { Attachments: files } : {}),
        ...(own !== null ? { Signature: own } : {}),
      }),
    )
    .then(
      (answer) =>
        f.notify(
          `${answer.OutboxId !== undefined ? 'Mail to' : 'Sent to'} ${to}${answer.OutboxId !== undefined ? ' is on its way' : ''}: its card "${truncate(sanitize(l.subject), 40)}" is on the board`,
        ),
      (e: unknown) => reopenRefused(f, c, e),
    );
}
