/**
 * Whether the open board's mail is coming in (extension `mailboxes`): read
 * beside its tags when the board opens and at every refresh. When a mailbox
 * of the board can't be reached, its owner is told on the status bar, in
 * the server's words, with the command that says more. A server without the
 * extension (DragApp) is asked once and then never again: nothing is shown.
 */
import type { Board } from '../api/read-model.js';
import { sanitize } from '../text/sanitize.js';
import type { Core, CoreData } from './core.js';
import type { MeData } from './me.js';

/** What the owner check reads of the open board's list (board.ts OpenBoardData, without importing it back). */
type Boards = { boards: { items: readonly Board[] } };

export interface MailHealthData {
  /** Why the open board's mail is stuck and what to run (sanitised), or null when it flows (or is none of ours). */
  stuckMail: string | null;
}

export interface MailHealth {
  readonly loadMailHealth: (boardId: number, gen: number) => Promise<void>;
}

/** The owner is told; a member, who can't change the mailbox, is not. Unknown owner or `me`: told. */
function isOwner(s: MeData & Boards, boardId: number): boolean {
  const board: Board | undefined = s.boards.items.find((b) => b.Id === boardId);
  const me = s.me?.email ?? null;
  if (board === undefined || me === null || board.Owner.trim() === '') return true;
  return board.Owner.trim().toLowerCase() === me.trim().toLowerCase();
}

export function makeMailHealth(core: Core<CoreData & MailHealthData & MeData & Boards>): MailHealth {
  async function loadMailHealth(boardId: number, gen: number): Promise<void> {
    if (core.client.offers('mailboxes') === false) return;
    let stuckMail: string | null = null;
    try {
      const stuck = (await core.client.listBoardMailboxes(boardId)).find((m) => m.Stuck);
      if (stuck !== undefined && isOwner(core.get(), boardId))
        stuckMail = `Mail from ${sanitize(stuck.Address)} is not coming in: ${sanitize(stuck.StateWords)} · run inboard mailbox test ${sanitize(stuck.Id)}`;
    } catch {
      // Not offered, or not answered now: the board's own reads say what is wrong with the server.
      return;
    }
    if (gen === core.generation && core.get().stuckMail !== stuckMail) core.update({ stuckMail });
  }
  return { loadMailHealth };
}
