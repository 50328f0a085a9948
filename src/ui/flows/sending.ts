/**
 * What the reply, forward and new-mail flows share: the writer's own
 * signature and the board's, shown filled in as they will go; whether the
 * server sends files and Bcc; and a refusal that opens the composer again
 * as it was.
 */
import { selectBoardName } from '../../store/index.js';
import { openComposer, refreshComposer, type Composer } from '../compose/composer.js';
import { letterFields } from '../compose/letter.js';
import { configSignature, fillSignature, type Writer } from '../compose/signature.js';
import { why, type Flow } from './flow.js';

function writer(f: Flow): { me: Writer | null; board: string } {
  const s = f.store.getState();
  const me = s.me === null ? null : { name: s.me.name ?? null, email: s.me.email };
  return { me, board: selectBoardName(s) ?? '' };
}

/** The writer's own signature (the config's), filled as it will go; null when they have none. */
export function ownSignature(f: Flow): string | null {
  const template = configSignature();
  if (template === null) return null;
  const w = writer(f);
  return fillSignature(template, w.me, w.board);
}

/** Without one of the writer's own, the board's signature, asked now and shown once it comes. */
export function showBoardSignature(f: Flow, c: Composer): void {
  if (c.signature !== null) return;
  void f.store
    .getState()
    .boardSignature()
    .then((text) => {
      if (text === null || c.signature !== null) return;
      const w = writer(f);
      c.signature = fillSignature(text, w.me, w.board);
      refreshComposer(f, c);
    });
}

/** Files, Bcc and a signature of one's own go where the server sends them (it offers signatures): not on DragApp, which sends the text to To and Cc. */
export const sendsMore = (f: Flow): boolean => f.store.getState().offers('signature') !== false;

/** Refused: the composer again, as it was, under the server's words — and kept as a draft meanwhile. */
export function reopenRefused(f: Flow, c: Composer, e: unknown): void {
  f.overlays.drafts.keep({ ...c.keep.id, label: c.keep.label, fields: letterFields(c.letter) });
  openComposer(f, c, { error: f.store.getState().lastError ?? why(e), queued: true });
}
