/**
 * The throwaway cluster's durability: off for the tests (nothing worth
 * keeping), on when a benchmark asks for it, so its figures include the
 * fsyncs a team's server pays.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startPostgres, TEST_PG_ENV } from './postgres.js';

const SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'];

async function settings(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, string> = {};
    for (const s of SETTINGS) out[s] = (await c.query<Record<string, string>>(`SHOW ${s}`)).rows[0]?.[s] ?? '';
    return out;
  } finally {
    await c.end();
  }
}

describe('startPostgres', () => {
  it("runs the tests' cluster without fsync", async () => {
    const url = process.env[TEST_PG_ENV];
    expect(url).toBeTruthy();
    expect(await settings(url as string)).toEqual({ fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' });
  });

  it('with durable: true, runs a cluster with fsync, synchronous commit and full-page writes on', async () => {
    const cluster = await startPostgres({ durable: true });
    try {
      expect(await settings(cluster.url)).toEqual({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' });
    } finally {
      await cluster.stop();
    }
  });
});
