/**
 * Ids of cards created here that the server has not numbered yet. Ids are
 * opaque text, so a pending one is marked by a prefix no server id can carry:
 * the client refuses ids with control characters (api/tolerant.ts readCardId).
 */
import type { CardId } from '../api/read-model.js';

const PREFIX = '\u0000new-';

export const pendingId = (n: number): CardId => `${PREFIX}${n}`;
export const isPendingId = (id: CardId): boolean => id.startsWith(PREFIX);

/** Rows the client could not read get an id of the same kind: never sent, never confused with a real one. */
const UNREADABLE = '\u0000unreadable-';
export const unreadableId = (where: string, raw: string | null): CardId => `${UNREADABLE}${where}-${raw ?? ''}`;
/** Whether the id is one the server gave (not a pending or an unreadable row's). */
export const isServerId = (id: CardId): boolean => !id.startsWith('\u0000');
