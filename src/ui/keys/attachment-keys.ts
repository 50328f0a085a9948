/**
 * The card detail's keys on the files of its email: `]` and `[` select one
 * (its line drawn selected in the thread), `o` opens it with the system's
 * opener, `S` saves it into downloadDir, `v` reads a text file in the pager.
 */
import { attachmentsOf, isTextAttachment, notServed, type ThreadAttachment } from '../../api/thread-attachments.js';
import { openAttachment, readAttachment, saveAttachment } from '../attachments/attachment-flows.js';
import type { ScreenKeys } from './context.js';
import type { ScreenBinding } from './types.js';

type B = ScreenBinding<ScreenKeys>;

const all = (k: ScreenKeys): ThreadAttachment[] => {
  const s = k.store.getState();
  const id = s.detail?.cardId;
  const messages = id === undefined ? null : (s.threads.get(id)?.messages ?? null);
  return messages === null ? [] : attachmentsOf(messages);
};

const chosen = (k: ScreenKeys): ThreadAttachment | undefined => {
  const sel = k.detailSel();
  return sel?.kind === 'attachment' ? all(k)[sel.id] : undefined;
};

const noneHere = (k: ScreenKeys): string | null => {
  if (k.store.getState().detail === null) return 'No card is open';
  return all(k).length === 0 ? "This card's email has no attachments" : null;
};

const step = (dir: 1 | -1) => (k: ScreenKeys) => {
  const n = all(k).length;
  const sel = k.detailSel();
  const at = sel?.kind === 'attachment' ? sel.id : dir === 1 ? -1 : n;
  const next = at + dir;
  k.setDetailSel(next < 0 || next >= n ? null : { kind: 'attachment', id: next });
};

/** Why the selected attachment can't be fetched, or null. */
const unfetchable = (k: ScreenKeys): string | null => {
  const none = noneHere(k);
  if (none !== null) return none;
  const t = chosen(k);
  if (t === undefined) return 'Select an attachment with ] first';
  return notServed(t.attachment, k.store.getState().offers('attachments') === false) ?? null;
};

const withChosen = (act: (k: ScreenKeys, t: ThreadAttachment) => void) => (k: ScreenKeys) => {
  const t = chosen(k);
  if (t !== undefined) act(k, t);
};

export const ATTACHMENT_KEYS: readonly Omit<B, 'scope'>[] = [
  {
    action: 'attachment.next',
    keys: [']'],
    group: 'Card',
    help: "select the next attachment of the card's email",
    hint: 'attachment',
    hintKey: '[ ]',
    unavailable: noneHere,
    run: step(1),
  },
  {
    action: 'attachment.prev',
    keys: ['['],
    group: 'Card',
    help: "select the previous attachment of the card's email",
    unavailable: noneHere,
    run: step(-1),
  },
  {
    action: 'attachment.open',
    keys: ['o'],
    group: 'Card',
    help: 'open the selected attachment with the system’s opener ($INBOARD_OPENER, else xdg-open/open), from a private copy',
    unavailable: unfetchable,
    run: withChosen((k, t) => openAttachment(k.flow, t)),
  },
  {
    action: 'attachment.save',
    keys: ['S'],
    group: 'Card',
    help: 'save the selected attachment into downloadDir (~/Downloads), never over a file; the status bar says the path',
    unavailable: unfetchable,
    run: withChosen((k, t) => saveAttachment(k.flow, t)),
  },
  {
    action: 'attachment.read',
    keys: ['v'],
    group: 'Card',
    help: 'read the selected text attachment (text/*, .log, .csv…) in the pager',
    unavailable: (k) => {
      const why = unfetchable(k);
      if (why !== null) return why;
      const t = chosen(k);
      return t !== undefined && !isTextAttachment(t.attachment)
        ? `${t.attachment.Name} is ${t.attachment.ContentType || 'not text'}: o opens it, S saves it`
        : null;
    },
    run: withChosen((k, t) => readAttachment(k.flow, t)),
  },
];
