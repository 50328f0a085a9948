/**
 * Card order within a column: sparse integer positions. A move or insert
 * takes the midpoint of its neighbours, touching one row; only when two
 * neighbours are adjacent integers is a small window around the spot
 * respread (widening as needed), so cost stays flat as a column grows.
 * Callers hold an IMMEDIATE transaction, which serialises writers across
 * processes and so rules out duplicate positions.
 */
import type { Query } from './db.js';

export const GAP = 1 << 20;
const WINDOW = 32;
/** Minimum spacing a respread must leave, so the next few midpoints fit. */
const MIN_SPREAD = 64;

const ORDER = 'column_id = ? AND archived = 0 AND id <> ? ORDER BY position, id';

/** Position that puts a card first in the column. */
export function topPosition(q: Query, columnId: number, excludeId = 0): number {
  const first = q(`SELECT position FROM cards WHERE ${ORDER} LIMIT 1`).get(columnId, excludeId) as
    { position: number } | undefined;
  return first === undefined ? 0 : first.position - GAP;
}

/** Position that makes a card the `index`-th (0-based) active card, itself excluded. */
export function positionAt(q: Query, columnId: number, index: number, excludeId = 0): number {
  if (index <= 0) return topPosition(q, columnId, excludeId);
  for (let attempt = 0; attempt < 2; attempt++) {
    const rows = q(`SELECT position FROM cards WHERE ${ORDER} LIMIT 2 OFFSET ?`).all(
      columnId,
      excludeId,
      index - 1,
    ) as {
      position: number;
    }[];
    const prev = rows[0]?.position;
    const next = rows[1]?.position;
    if (prev === undefined) {
      // Past the end: after the last card.
      const last = q(
        `SELECT position FROM cards WHERE column_id = ? AND archived = 0 AND id <> ? ORDER BY position DESC, id DESC LIMIT 1`,
      ).get(columnId, excludeId) as { position: number } | undefined;
      return last === undefined ? 0 : last.position + GAP;
    }
    if (next === undefined) return prev + GAP;
    if (next - prev >= 2) return Math.floor((prev + next) / 2);
    respread(q, columnId, index, excludeId);
  }
  throw new Error('positionAt: no room after respread');
}

/**
 * Spreads the cards around `index` evenly between the first outer neighbours
 * that leave enough room; at a column end the room is unbounded.
 */
function respread(q: Query, columnId: number, index: number, excludeId: number): void {
  for (let half = WINDOW; ; half *= 4) {
    const start = Math.max(0, index - half);
    const rows = q(`SELECT id, position FROM cards WHERE ${ORDER} LIMIT ? OFFSET ?`).all(
      columnId,
      excludeId,
      2 * half + 2,
      Math.max(0, start - 1),
    ) as { id: number; position: number }[];
    const lo = start > 0 ? rows.shift()?.position : undefined;
    const hi = rows.length > 2 * half ? rows.pop()?.position : undefined;
    const n = rows.length;
    let place: (i: number) => number;
    if (lo === undefined && hi === undefined) place = (i) => i * GAP;
    else if (lo === undefined) place = (i) => (hi as number) - (n - i) * GAP;
    else if (hi === undefined) place = (i) => lo + (i + 1) * GAP;
    else {
      const step = Math.floor((hi - lo) / (n + 1));
      if (step < MIN_SPREAD) continue;
      place = (i) => lo + (i + 1) * step;
    }
    const update = q('UPDATE cards SET position = ? WHERE id = ?');
    rows.forEach((r, i) => update.run(place(i), r.id));
    return;
  }
}
