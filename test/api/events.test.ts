/**
 * The client's subscribeEvents over the real service: a dropped stream is
 * opened again and resumes from its last id, so a change made while it was
 * down still arrives, once, in order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { LiveEvent } from '../../src/api/schema-events.js';
import { startService, type RunningService } from '../../src/server/index.js';
import { callAt } from '../server/helpers.js';

const KEY = 'ibk_events_client_key_0123456789';
const dir = mkdtempSync(join(tmpdir(), 'inboard-events-client-'));
const dbPath = join(dir, 'e.db');
const running: RunningService[] = [];
afterAll(async () => {
  for (const r of running) await r.close();
  rmSync(dir, { recursive: true, force: true });
});

const start = async (port = 0) => {
  const svc = await startService({ dbPath, apiKey: KEY, demo: true, port });
  running.push(svc);
  return svc;
};

describe('subscribeEvents', () => {
  it('reconnects after the server went away and resumes from the last id it had', async () => {
    const first = await start();
    const port = Number(new URL(first.url).port);
    const client = createClient({ baseUrl: first.url, apiKey: KEY, maxAttempts: 1 });
    const got: LiveEvent[] = [];
    let wake: () => void = () => {};
    const arrived = (n: number) =>
      new Promise<void>((resolve) => {
        wake = () => {
          if (got.filter((e) => e.type === 'change').length >= n) resolve();
        };
        wake();
      });
    const stop = new AbortController();
    const following = client.subscribeEvents(
      1,
      (e) => {
        got.push(e);
        wake();
      },
      stop.signal,
    );
    const comment = (url: string, text: string) =>
      callAt(url, KEY, 'POST', '/v2/comment', { body: { CardId: '1', Body: text } });

    await new Promise<void>((resolve) => {
      wake = () => got.some((e) => e.type === 'open') && resolve();
      wake();
    });
    await comment(first.url, 'before');
    await arrived(1);
    await first.close();
    // Written while the stream is down, through another service on the same file.
    const other = await start();
    await comment(other.url, 'while away');
    await start(port);
    await comment(other.url, 'after');
    await arrived(3);
    stop.abort();
    await following;
    const changes = got.flatMap((e) => (e.type === 'change' ? [e] : []));
    expect(changes.map((e) => e.Kind)).toEqual(['comment', 'comment', 'comment']);
    const ids = changes.map((e) => Number(e.id));
    expect(ids).toEqual([ids[0], ids[0]! + 1, ids[0]! + 2]);
    expect(got.filter((e) => e.type === 'open').length).toBeGreaterThanOrEqual(2);
    expect(client.offers('events')).toBe(true);
  });
});
