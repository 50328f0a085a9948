/** Public surface of the board store. */
export { createBoardStore, initialData } from './board-store.js';
export type { BoardStore, BoardStoreOptions } from './board-store.js';
export { MutationError } from './actions.js';
export * from './selectors.js';
export type * from './types.js';
export { CardTable } from './card-table.js';
export { matchCards } from './filter.js';
export type { ExtraActions, ExtraData, SequenceState, SequencesState } from './extras.js';
export { isPendingId, isServerId } from './pending-ids.js';
