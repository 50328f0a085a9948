/** Public surface of the board store: the UI imports the store only from here. */
export { createBoardStore, initialData } from './board-store.js';
export type { BoardStore, BoardStoreOptions } from './board-store.js';
export * from './selectors.js';
export { CardTable } from './card-table.js';
export { filterProblem, matchCards, matchFilter } from './filter.js';
export { isPendingId, isServerId } from './pending-ids.js';
export { MutationError } from './status.js';

// Types, each from the slice that owns it.
export type * from './types.js';
export type { Card } from './card.js';
export type { ColumnInfo } from './column-info.js';
export type { Cursor, ViewState } from './core.js';
export type { CardsState } from './draft.js';
export type { Mutation, MutationInput } from './mutation-kinds.js';
export type { BoardsState } from './board.js';
export type { Paging } from './paging.js';
export type { DetailState } from './card-detail.js';
export type { CardFilter, FilterMatch } from './filter.js';
export type { CommentChange } from './comments.js';
export type { TagChange } from './tags.js';
export type { SequenceState, SequencesState } from './sequences.js';
export type { Backoff, Unreachable } from './status.js';
export type { LiveData } from './events.js';
export { isOthers } from './me.js';
export { ownerOnly } from './board-admin.js';
export type { BoardAdminChange, OwnerAction } from './board-admin.js';
export { liveDetail } from './detail-live.js';
export { theirTitle, titleConflictOf } from './kinds/context.js';
export { changedMeanwhile } from './stale.js';
export { dueConflictOf } from './kinds/due-conflict.js';
export type { HistoryOutcome } from './undo.js';
export type { FindOutcome, JumpOutcome } from './jump.js';
export type { ArchivedList } from './archived.js';
export type { SentReply, ThreadEntry, ThreadMessage } from './thread.js';
export type { Outgoing, TakeBack, Timers } from './outbox.js';
export { LOCAL_DELAY_MS } from './outbox.js';
export type { Presence } from '../api/schema-events.js';
