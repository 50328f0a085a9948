/** Shared MockAgent setup for client tests: no real network, short backoff. */
import { MockAgent } from 'undici';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import type { BackoffInfo } from '../../src/api/retry.js';

export const ORIGIN = 'http://127.0.0.1:7431';
export const KEY = 'test-key-0123456789abcdef';

export const ok = <T>(data: T) => ({ message: 'OK', error: false, code: 200, data });
/** A board as the service sends it (Users as the GROUP_CONCAT string, here empty). */
export const board = (Id: number) => ({ Id, Name: `Board ${Id}`, Owner: 'owner@example.com', Users: '' });
/** The same board as the client reads it (api/tolerant.ts): Users a list, IntegrationType null when not said. */
export const boardRead = (Id: number) => ({
  Id,
  Name: `Board ${Id}`,
  Owner: 'owner@example.com',
  Users: [],
  IntegrationType: null,
});

const open: MockAgent[] = [];
/** Close every agent `setup` made (call from afterEach). */
export async function closeAgents(): Promise<void> {
  await Promise.all(open.splice(0).map((a) => a.close()));
}

export function setup(extra: Partial<ClientOptions> = {}) {
  const agent = new MockAgent();
  open.push(agent);
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  const backoffs: BackoffInfo[] = [];
  const client = createClient({
    baseUrl: ORIGIN,
    apiKey: KEY,
    dispatcher: agent,
    // Backoff kept to a few ms so retries don't slow the suite; nothing asserts on time.
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    onBackoff: (i) => backoffs.push(i),
    ...extra,
  });
  return { agent, pool, client, backoffs };
}

/** Resolve with the error a promise rejects with (fails if it resolves). */
export async function failure(p: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    return e as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

/** An Error carrying a Node-style system code, as the socket layer raises them. */
export const sysError = (code: string, message = code) => Object.assign(new Error(message), { code });
