/**
 * A change whose answer never came (the client's time limit, a dropped
 * connection, a server error without the server's words) may well have been
 * made: a failure here would roll back what the server holds. So it is
 * checked instead: the server is read (the kind's `landed`), and a change
 * that is there is confirmed; one that is not is sent again once with the
 * same Idempotency-Key, which the service answers with its first answer if
 * the first send arrived after all. Only what still has no answer, or a
 * refusal in the server's words, rolls back.
 */
import { ApiError } from '../api/errors.js';
import { errorStatus, errorText } from './status.js';

/** No answer at all, or a server error that says nothing (a gateway's page): the server may have made the change. */
export function outcomeUnknown(e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  if (e.notSent) return false; // it never left this machine: nothing to check
  if (e.kind === 'network' || e.kind === 'timeout') return true;
  return e.kind === 'http' && e.status >= 500 && !e.serverSaid;
}

/** A change still unsettled after its check and one resend: rolled back with what was learned. */
export class Unsettled extends Error {
  override readonly name = 'Unsettled';
  readonly status: number | undefined;
  constructor(e: unknown, learned: string) {
    super(`${errorText(e)} — ${learned}`, { cause: e });
    this.status = errorStatus(e);
  }
}

export interface Settling {
  /** The kind's read of the server (null: it has none). */
  readonly landed: (() => Promise<boolean>) | null;
  /** Sends the change again with the same Idempotency-Key. */
  readonly resend: () => Promise<unknown>;
}

/** Whether the change is on the server: undefined when no read can tell (none, or it went unanswered too). */
async function ask(landed: Settling['landed']): Promise<boolean | undefined> {
  if (landed === null) return undefined;
  try {
    return await landed();
  } catch {
    return undefined;
  }
}

/**
 * Sends a change; one whose answer never came (`outcomeUnknown`) is settled
 * instead of failed: `onChecking` is told, the server read, and the change
 * sent once more with the same `send` (its Idempotency-Key, if any, kept).
 * Resolves with the server's answer — undefined when a read found it made —
 * and with no `landed` read, always with an answer (the resend's).
 */
export function sendChecked<T>(send: () => Promise<T>, landed: null, onChecking?: () => void): Promise<T>;
export function sendChecked<T>(
  send: () => Promise<T>,
  landed: Settling['landed'],
  onChecking?: () => void,
): Promise<T | undefined>;
export async function sendChecked<T>(
  send: () => Promise<T>,
  landed: Settling['landed'],
  onChecking?: () => void,
): Promise<T | undefined> {
  try {
    return await send();
  } catch (e) {
    if (!outcomeUnknown(e)) throw e;
    onChecking?.();
    return (await settle({ landed, resend: send })) as T | undefined;
  }
}

/**
 * Settles a change whose send got no answer (`outcomeUnknown`): resolves
 * with the server's answer (undefined when a read showed it landed), or
 * rejects — with the server's words for a refusal, else an `Unsettled`.
 */
export async function settle(s: Settling): Promise<unknown> {
  if ((await ask(s.landed)) === true) return undefined;
  try {
    return await s.resend();
  } catch (e) {
    if (!outcomeUnknown(e)) throw e;
    const now = await ask(s.landed);
    if (now === true) return undefined;
    throw new Unsettled(
      e,
      now === false
        ? 'the server does not have this change'
        : 'sent twice without an answer; r shows what the server holds',
    );
  }
}
