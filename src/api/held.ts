/**
 * A reply the service held instead of sending (409, no crossed replies):
 * what arrived in the thread since its writer read it, and the replies
 * waiting to go on the card. Read from the error's envelope, tolerantly:
 * anything else is not a held reply.
 */
import { isApiError } from './errors.js';
import { HeldReplyData } from './schema-mail.js';

export function heldReply(e: unknown): HeldReplyData | undefined {
  if (!isApiError(e) || e.status !== 409) return undefined;
  const r = HeldReplyData.safeParse(e.data);
  return r.success ? r.data : undefined;
}
