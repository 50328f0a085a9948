/**
 * Sending a change as the board does (store/outcome.ts): every change with
 * an Idempotency-Key, and one whose answer never came (a time limit, a
 * dropped connection, a 5xx without the server's words) sent once more with
 * the same key, which a service that keeps keys answers with its first
 * answer if the first send landed after all. Stderr hears of it; stdout is
 * the protocol's.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, isStale } from '../../api/errors.js';
import type { CallOptions } from '../../api/types.js';
import { ToolError } from './lookup.js';

/** No answer at all, or a server error that says nothing: the server may have made the change. */
export function outcomeUnknown(e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  if (e.notSent) return false;
  if (e.kind === 'network' || e.kind === 'timeout') return true;
  return e.kind === 'http' && e.status >= 500 && !e.serverSaid;
}

export async function sendChecked<T>(
  what: string,
  send: (o: CallOptions) => Promise<T>,
  base: CallOptions = {},
): Promise<T> {
  const o: CallOptions = { ...base, idempotencyKey: randomUUID() };
  try {
    return await send(o);
  } catch (e) {
    if (!outcomeUnknown(e)) throw e;
    process.stderr.write(
      `inboard mcp: ${what}: no answer (${e instanceof Error ? e.message : String(e)}); sending it once more with the same key\n`,
    );
    try {
      return await send(o);
    } catch (again) {
      // With a version, a resend of a change that landed is refused as stale: it is there.
      if (isStale(again))
        throw new ToolError(
          `${what}: the first answer was lost and the card has changed since — probably by this very change. Read it again (get_card) before trying anything else.`,
        );
      throw again;
    }
  }
}
