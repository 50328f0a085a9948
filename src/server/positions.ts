/**
 * Card order within a column: sparse integer positions. A move or insert
 * takes the midpoint of its neighbours, touching one row; only when two
 * neighbours are adjacent integers is a small window around the spot
 * respread (widening as needed), so cost stays flat as a column grows.
 * Callers hold a write transaction; the column's lock (taken here) makes
 * writers to one column wait for each other across processes and
 * instances, so two moves never read the same neighbours.
 */
import type { Sql } from './sql/sql.js';

export const GAP = 1 << 20;
const WINDOW = 32;
/** Minimum spacing a respread must leave, so the next few midpoints fit. */
const MIN_SPREAD = 64;

// Snoozed cards keep their place but are not counted: an index is among the cards the listing shows.
const ORDER = 'column_id = ? AND archived = 0 AND snoozed = 0 AND id <> ? ORDER BY position, id';

/** Position that puts a card first in the column. */
export async function topPosition(sql: Sql, columnId: number, excludeId = 0): Promise<number> {
  await sql.lock(`column:${columnId}`);
  const first = await sql.get<{ position: number }>(`SELECT position FROM cards WHERE ${ORDER} LIMIT 1`, [
    columnId,
    excludeId,
  ]);
  return first === undefined ? 0 : first.position - GAP;
}

/** Position that makes a card the `index`-th (0-based) active card, itself excluded. */
export async function positionAt(sql: Sql, columnId: number, index: number, excludeId = 0): Promise<number> {
  if (index <= 0) return topPosition(sql, columnId, excludeId);
  await sql.lock(`column:${columnId}`);
  for (let attempt = 0; attempt < 2; attempt++) {
    const rows = await sql.all<{ position: number }>(`SELECT position FROM cards WHERE ${ORDER} LIMIT 2 OFFSET ?`, [
      columnId,
      excludeId,
      index - 1,
    ]);
    const prev = rows[0]?.position;
    const next = rows[1]?.position;
    if (prev === undefined) {
      // Past the end: after the last card.
      const last = await sql.get<{ position: number }>(
        `SELECT position FROM cards WHERE column_id = ? AND archived = 0 AND snoozed = 0 AND id <> ? ORDER BY position DESC, id DESC LIMIT 1`,
        [columnId, excludeId],
      );
      return last === undefined ? 0 : last.position + GAP;
    }
    if (next === undefined) return prev + GAP;
    if (next - prev >= 2) return Math.floor((prev + next) / 2);
    await respread(sql, columnId, index, excludeId);
  }
  throw new Error('positionAt: no room after respread');
}

/**
 * Spreads the cards around `index` evenly between the first outer neighbours
 * that leave enough room; at a column end the room is unbounded.
 */
async function respread(sql: Sql, columnId: number, index: number, excludeId: number): Promise<void> {
  for (let half = WINDOW; ; half *= 4) {
    const start = Math.max(0, index - half);
    const rows = await sql.all<{ id: number; position: number }>(
      `SELECT id, position FROM cards WHERE ${ORDER} LIMIT ? OFFSET ?`,
      [columnId, excludeId, 2 * half + 2, Math.max(0, start - 1)],
    );
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
    for (const [i, r] of rows.entries()) await sql.run('UPDATE cards SET position = ? WHERE id = ?', [place(i), r.id]);
    return;
  }
}
