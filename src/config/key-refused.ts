/**
 * A refused API key (401) is no passing failure: asking again with the same
 * key cannot help. Its message says where the key came from (--api-key,
 * INBOARD_API_KEY, the config file, the embedded service's key file) and how
 * to give another, for the board's screens and the scripting commands alike.
 */
import { ApiError, isApiError } from '../api/errors.js';
import { watchCalls } from '../api/watch-calls.js';
import type { Client } from '../api/types.js';
import type { KeySource } from './resolve.js';

/** Joins the server's words to ours; also how a screen recognises the message (isKeyRefusal). */
const MARK = ' — the key came from ';

function whereAndHow(source: KeySource): string {
  switch (source.from) {
    case 'flag':
      return '--api-key; pass a valid one';
    case 'env':
      return 'INBOARD_API_KEY; set a valid one there';
    case 'file':
      return `the config file ${source.path}; put a valid one in its "apiKey"`;
    case 'embedded':
      return `the embedded service's key file ${source.path}; delete that file to have a new one made`;
  }
}

/** The server's words for a refused key, then where the key came from and how to give another. */
export function keyRefusedText(serverWords: string, source: KeySource): string {
  const words = serverWords.trim().replace(/\.+$/, '') || 'The API key was refused';
  return `${words}${MARK}${whereAndHow(source)}, then run inboard again`;
}

/** Whether a message (as a screen got it, sanitised) is a refused key's: offering a retry would mislead. */
export const isKeyRefusal = (text: string): boolean => text.includes(MARK);

/** `e` with the key's source in its message when it is a 401; anything else unchanged. */
export function explainRefusal(e: unknown, source: KeySource): unknown {
  if (!isApiError(e) || e.status !== 401 || isKeyRefusal(e.message)) return e;
  return new ApiError({
    status: e.status,
    message: keyRefusedText(e.message, source),
    retryable: false,
    method: e.method,
    path: e.path,
    kind: e.kind,
    retryAfterMs: e.retryAfterMs,
    code: e.code,
    notSent: e.notSent,
    cause: e,
  });
}

/**
 * The client, with every 401 it reports explained (explainRefusal).
 */
export function explainKeyRefusals(client: Client, source: KeySource): Client {
  return watchCalls(client, (result) =>
    result.catch((e: unknown) => {
      throw explainRefusal(e, source);
    }),
  );
}
