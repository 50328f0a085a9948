/**
 * Live events: GET /v2/events (extension `events`), followed for as long as
 * the caller's signal allows. A dropped stream is opened again after a
 * backoff, from the last id it delivered (`Last-Event-ID`), so nothing in
 * between is lost; the server says `reload` when it no longer has them.
 */
import { ApiError } from '../errors.js';
import type { Endpoints } from '../operations.js';
import { backoffDelay, DEFAULT_RETRY } from '../retry.js';
import { EventData, RELOAD_EVENT, type LiveEvent } from '../schema-events.js';
import type { Wire } from '../wire.js';

interface RawEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** Server-Sent Events framing (the WHATWG rules that matter here): fields per line, a blank line ends an event. */
async function* sseEvents(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<RawEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let e: RawEvent = { id: undefined, event: 'message', data: '' };
  let hasData = false;
  for await (const chunk of chunks) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.search(/\r\n|\r|\n/)) !== -1) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer.startsWith('\r\n', nl) ? 2 : 1));
      if (line === '') {
        if (hasData) yield e;
        e = { id: e.id, event: 'message', data: '' };
        hasData = false;
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') e.id = value;
      else if (field === 'event') e.event = value;
      else if (field === 'data') {
        e.data = hasData ? `${e.data}\n${value}` : value;
        hasData = true;
      }
    }
  }
}

function toLive(e: RawEvent): LiveEvent | undefined {
  if (e.event === RELOAD_EVENT) return { type: 'reload' };
  if (e.id === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(e.data);
  } catch {
    return undefined;
  }
  const data = EventData.safeParse(json);
  // An event this client cannot read is skipped: the next refresh still brings what it named.
  return data.success ? { type: 'change', id: e.id, ...data.data } : undefined;
}

/** A server that answers the route with something else (a page, JSON) has no events to give. */
const notAStream = (type: string) =>
  new ApiError({
    status: 200,
    method: 'GET',
    path: '/v2/events',
    kind: 'unsupported',
    retryable: false,
    message: `This server answered GET /v2/events with ${type === '' ? 'no content type' : type}, not an event stream`,
  });

/** Refusals no reconnect mends: no such route, the key refused, the board not shared. */
const final = (err: unknown) =>
  err instanceof ApiError &&
  (err.kind === 'unsupported' ||
    (err.kind === 'http' && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429));

/** Waits before reconnecting; the timer alone never keeps the process up (the app may be closing). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
  });
}

async function follow(
  w: Wire,
  boardId: number | null,
  onEvent: (e: LiveEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  let lastId: string | undefined;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const { type, chunks } = await w.stream('/v2/events', {
        query: boardId === null ? {} : { BoardId: boardId },
        headers: lastId === undefined ? {} : { 'last-event-id': lastId },
        signal,
      });
      if (!type.startsWith('text/event-stream')) {
        await chunks[Symbol.asyncIterator]().return?.();
        throw notAStream(type);
      }
      failures = 0;
      onEvent({ type: 'open' });
      for await (const raw of sseEvents(chunks)) {
        if (raw.id !== undefined) lastId = raw.id;
        const live = toLive(raw);
        if (live !== undefined) onEvent(live);
      }
      failures = 1;
    } catch (err) {
      // The client's own signal (the app closing) ends the stream as the caller's does.
      if (signal.aborted || (err instanceof ApiError && err.kind === 'cancelled')) return;
      if (final(err)) throw err;
      failures++;
    }
    await pause(Math.max(250, backoffDelay(failures, DEFAULT_RETRY)), signal);
  }
}

export const eventEndpoints: Endpoints<'subscribeEvents'> = {
  subscribeEvents: (w, boardId, onEvent, signal) =>
    w.extension('events', 'GET', '/v2/events', () => follow(w, boardId, onEvent, signal)),
};
