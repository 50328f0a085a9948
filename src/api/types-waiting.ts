/**
 * The client's snooze and response-target operations (extensions `snooze`
 * and `targets`, schema-waiting.ts), part of `Client` (types.ts), which gives
 * its own call options as `O`.
 */
import type { CardId, CardRow, SnoozedCardRow } from './read-model.js';
import type { BoardTargets, BoardTargetsBody, SnoozeBody } from './schema-waiting.js';

export type SnoozeInput = SnoozeBody;
export type BoardTargetsInput = BoardTargetsBody;

export interface WaitingOperations<O> {
  /** Extension `snooze`: POST /v2/card/:id/snooze `{Until?, UntilReply?}`; resolves to the card as listed. */
  snoozeCard(cardId: CardId, terms: SnoozeInput, o?: O): Promise<CardRow>;
  /** Extension `snooze`: DELETE /v2/card/:id/snooze, the card back where it was. */
  unsnoozeCard(cardId: CardId, o?: O): Promise<CardRow>;
  /** Extension `snooze`: GET /v2/board/:id/snoozed, soonest to wake first. */
  listSnoozedCards(boardId: number, o?: O): Promise<SnoozedCardRow[]>;
  /** Extension `targets`: GET /v2/board/:id/targets, the board's response targets. */
  getBoardTargets(boardId: number, o?: O): Promise<BoardTargets>;
  /** Extension `targets`: PUT /v2/board/:id/targets (the owner's). */
  setBoardTargets(boardId: number, body: BoardTargetsInput, o?: O): Promise<BoardTargets>;
  /** Extension `targets`: DELETE /v2/board/:id/targets (the owner's): no targets. */
  clearBoardTargets(boardId: number, o?: O): Promise<BoardTargets>;
}
