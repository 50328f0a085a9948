/**
 * A tool's failure as the assistant reads it: what was asked (the tool and
 * its input, long texts cut), the server's words, and what to do next. Never
 * a key: the client already redacts its own from what it reports, and the
 * keys this process was given are taken out again here.
 */
import { isApiError, redact, type ApiError } from '../../api/errors.js';
import { sanitize } from '../../text/sanitize.js';
import { CommandError, UsageError } from '../args.js';
import { ToolError } from './lookup.js';

/** `cardId "101", columnId "Done"`: the input, each value short. */
export function namedInput(input: Record<string, unknown>): string {
  return Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const text = JSON.stringify(v) ?? String(v);
      return `${k} ${text.length > 60 ? `${text.slice(0, 59)}…` : text}`;
    })
    .join(', ');
}

function next(e: ApiError): string {
  if (e.kind === 'unsupported') return 'This server does not offer it; nothing was changed.';
  if (e.kind === 'stale')
    return 'The card changed since it was read: read it again with get_card and decide with what it says now.';
  if (e.kind === 'network' || e.kind === 'timeout')
    return 'The server could not be reached: is it running? The call can be made again once it is.';
  if (e.kind === 'cancelled') return 'The call was cancelled.';
  if (e.status === 401)
    return "The server refused the API key: check inboard's configuration (INBOARD_API_KEY or the config file).";
  if (e.status === 403) return 'This key may not do that here (the board is not visible to it, or only the owner may).';
  if (e.status === 404)
    return 'Check the ids: list_boards, list_columns, list_cards_in_column and get_card give them, and card ids are exact strings.';
  if (e.status === 429) {
    const wait = e.retryAfterMs === undefined ? '' : ` ${Math.ceil(e.retryAfterMs / 1000)} s`;
    return `The server is limiting requests: wait${wait} and call again.`;
  }
  if (e.status === 400 || e.status === 422) return 'Change what the server names and call again.';
  if (e.status >= 500) return 'The server failed: try again later.';
  return '';
}

/** The words of a failure of `tool` called with `input`. */
export function failureText(
  tool: string,
  input: Record<string, unknown>,
  e: unknown,
  secrets: readonly string[],
): string {
  let words: string;
  if (isApiError(e)) {
    const status = e.status > 0 ? ` (HTTP ${e.status})` : '';
    words = `${e.message.trim().replace(/\.$/, '')}${status}. ${next(e)}`.trim();
  } else if (e instanceof ToolError || e instanceof CommandError || e instanceof UsageError) {
    words = e.message;
  } else {
    words = `unexpected failure: ${e instanceof Error ? e.message : String(e)}`;
  }
  const asked = namedInput(input);
  const text = `${tool}${asked === '' ? '' : ` with ${asked}`} failed: ${words}`;
  return sanitize(secrets.reduce(redact, text), { multiline: true });
}
