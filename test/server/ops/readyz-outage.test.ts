/**
 * PostgreSQL stopped under a running instance: /readyz answers 503 with the
 * reason while /healthz still answers (the process stays up), and /readyz is
 * 200 again once the database is back. A cluster of its own: stopping the
 * run's shared one would stop every other test's database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../src/server/index.js';
import { createDatabase, startPostgres, type TestCluster } from '../../support/postgres.js';
import { callAt } from '../helpers.js';

let cluster: TestCluster;
let svc: RunningService;

beforeAll(async () => {
  cluster = await startPostgres();
  svc = await startService({ dbPath: await createDatabase(cluster.url), apiKey: 'readyz-outage-key-0000001' });
}, 60_000);
afterAll(async () => {
  await svc.close();
  await cluster.stop();
});

const readyz = () => callAt(svc.url, null, 'GET', '/readyz');

describe('readyz while PostgreSQL is away', () => {
  it('is 503 with the reason while the database is stopped, and 200 again after', async () => {
    expect((await readyz()).status).toBe(200);
    cluster.pause();
    try {
      const down = await readyz();
      expect(down.status).toBe(503);
      expect(down.text).toMatch(/^not ready\ndatabase: not answering: .+/);
      expect(down.headers['retry-after']).toBe('2');
      const alive = await callAt(svc.url, null, 'GET', '/healthz');
      expect(alive.status).toBe(200);
    } finally {
      cluster.resume();
    }
    let back = await readyz();
    for (let i = 0; i < 40 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      back = await readyz();
    }
    expect(back.status).toBe(200);
    expect(back.text).toMatch(/^ready\ndatabase: answers \(postgres/);
  }, 60_000);
});
