/**
 * Where the user left off, per service: the board, and the card the cursor
 * was on. `inboard` with no `--board` reopens it; `--board` overrides.
 * `last-place.json` in the state dir, written atomically at quit; read
 * tolerantly (anything unreadable is simply no last place).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CardId } from '../api/read-model.js';
import { stateDir } from '../config/paths.js';

export interface LastPlace {
  readonly boardId: number;
  /** The focused card, exactly as the server has its id; null when none. */
  readonly cardId: CardId | null;
}

export const lastPlacePath = (): string => join(stateDir(), 'last-place.json');

function readAll(path: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The last place on this service (its URL, or the embedded database), if one was kept and reads as one. */
export function readLastPlace(scope: string, path = lastPlacePath()): LastPlace | null {
  const v = readAll(path)[scope];
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.boardId !== 'number' || !Number.isSafeInteger(o.boardId)) return null;
  return { boardId: o.boardId, cardId: typeof o.cardId === 'string' ? o.cardId : null };
}

/** Keeps the place for this service (other services' places stay). Failing to write costs only the convenience. */
export function writeLastPlace(scope: string, place: LastPlace, path = lastPlacePath()): void {
  try {
    const all = readAll(path);
    all[scope] = place;
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, path);
  } catch {
    // A read-only home: next time opens the board list, as before.
  }
}
