/**
 * Mail written in the board besides a reply (thread.ts): a card's message
 * forwarded (extension `forward`) and new mail to a customer, which makes
 * its card (extension `compose`); and what the composer shows before
 * sending — whom a reply goes to by default, and the board's signature.
 * Not optimistic: nothing is drawn as sent before the service took it, and
 * a refusal is the server's words on the status bar for the composer to
 * reopen under, everything typed kept.
 */
import type { CardId } from '../api/read-model.js';
import type { ComposeInput, ForwardInput, ReplyData, ReplyDefaults } from '../api/schema-mail.js';
import type { FilledReply } from '../api/schema-replies.js';
import type { Core } from './core.js';
import { errorText, type StatusData } from './status.js';

export interface SendMailActions {
  /** Whom a reply to the card goes to by default, from where, and the board's signature filled in. */
  replyDefaults(cardId: CardId): Promise<ReplyDefaults>;
  /** The open board's signature as its owner wrote it (`{{…}}` unfilled); null when it has none or the server keeps none. */
  boardSignature(): Promise<string | null>;
  /** The board's saved replies filled for the card (what could not be filled stays `{{as written}}`, in Missing). */
  savedReplies(cardId: CardId): Promise<FilledReply[]>;
  /** Forwards a message of the card's thread; the thread is read again once it went. Rejects in the server's words. */
  forwardMail(cardId: CardId, body: ForwardInput): Promise<ReplyData>;
  /**
   * New mail from the open board, into its column `columnId` (else the
   * first): the card it makes is read with the board and focused. Rejects
   * in the server's words.
   */
  composeMail(body: ComposeInput): Promise<ReplyData>;
}

export interface SendMailDeps {
  loadThread: (cardId: CardId, o: { fresh: true }) => Promise<void>;
  refresh: () => Promise<void>;
  focus: (cardId: CardId) => void;
}

export function makeSendMail(core: Core<StatusData & { boardId: number | null }>, deps: SendMailDeps): SendMailActions {
  const refused = (what: string, e: unknown): never => {
    core.set({ lastError: `${what} not sent, nothing went out: ${errorText(e)}` });
    throw e;
  };
  return {
    replyDefaults: (cardId) => core.client.replyDefaults(cardId),
    savedReplies: (cardId) => core.client.filledReplies(cardId),
    async boardSignature() {
      const boardId = core.get().boardId;
      if (boardId === null || core.client.offers('signature') === false) return null;
      try {
        return (await core.client.getBoardSignature(boardId)).Text;
      } catch {
        // Not offered, or not now: the composer shows none (the service adds the board's all the same).
        return null;
      }
    },
    async forwardMail(cardId, body) {
      let answer: ReplyData;
      try {
        answer = await core.client.forwardCard(cardId, body);
      } catch (e) {
        return refused('Forward', e);
      }
      await deps.loadThread(cardId, { fresh: true });
      return answer;
    },
    async composeMail(body) {
      const boardId = core.get().boardId;
      if (boardId === null) throw new Error('No board is open');
      let answer: ReplyData;
      try {
        answer = await core.client.composeMail(boardId, body);
      } catch (e) {
        return refused('Mail', e);
      }
      // Its card is new: the board read again shows it (the event stream may bring it sooner).
      await deps.refresh();
      if (core.get().boardId === boardId) deps.focus(answer.CardId);
      return answer;
    },
  };
}
