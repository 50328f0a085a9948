/**
 * A move answered after the client's time limit (10 s), in a real terminal:
 * the built CLI through the fault proxy, whose first move reaches the
 * service only after the client gave up on it. The card shows "checking…",
 * never "failed", and ends where the server has it — moved once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { CLI } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { forwardedByKey, startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { hasTmux, lookAtTheBoard, Terminal } from './tmux.js';

describe.skipIf(!hasTmux())('a move answered late', () => {
  let dir: string;
  let proxy: FaultProxy;
  let direct: Client;
  let t: Terminal | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-late-'));
    proxy = await startFaultProxy({ demo: true });
    direct = createClient({ baseUrl: proxy.serviceUrl, apiKey: proxy.apiKey, maxAttempts: 1 });
  });

  afterAll(async () => {
    t?.kill();
    await proxy?.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('says checking…, never failed, and ends where the server has it', async () => {
    const board = readableBoards(await direct.listBoards()).find((b) => b.Name === 'Support Inbox')!;
    const columns = await direct.listColumns(board.Id);
    const listed = async (i: number) =>
      readableCards(await direct.listCards(board.Id, columns[i]!.Id, 1, 200)).map((c) => c.ServiceTaskId);
    let late = 1;
    // The first move reaches the service 11 s late: after the client's 10 s. Once
    // it was sent, the lists answer in a second, so "checking…" stays long enough to see.
    proxy.setPlan((r) => {
      if (r.method === 'POST' && r.path === '/v2/card/move-card' && late-- > 0)
        return { kind: 'pass', delayMs: 11_000 };
      if (late === 0 && r.method === 'GET' && r.path.includes('/cards')) return { kind: 'pass', delayMs: 1_000 };
      return { kind: 'pass' };
    });
    t = Terminal.start({
      cols: 140,
      rows: 36,
      env: { INBOARD_URL: proxy.url, INBOARD_API_KEY: proxy.apiKey, INBOARD_DATA_DIR: dir, INBOARD_CONFIG_DIR: dir },
    });
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    // The cards on screen, the cursor on one (the footer's hints are there while they load).
    await t.waitFor((s) => s.includes('Enter detail') && s.includes('›'));
    t.keys('Enter');
    const id = /Card id (\S+)/.exec(await t.waitFor(/Card id \S+/))![1]!;
    t.keys('Escape');
    await t.waitFor('Enter detail');
    await lookAtTheBoard();
    const from = (await listed(0)).includes(id) ? 0 : 1;

    t.keys('L');
    const screens: string[] = [];
    const deadline = Date.now() + 30_000;
    // Every screen until the move settled: "checking…" once the answer is late, never "failed".
    for (;;) {
      const s = t.screen();
      screens.push(s);
      const settled = !s.includes('pending') && !s.includes('checking') && (await listed(from + 1)).includes(id);
      if (settled || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(screens.some((s) => s.includes('? checking…'))).toBe(true);
    expect(screens.filter((s) => /failed|timed out|✗/.test(s))).toEqual([]);
    expect(await listed(from + 1)).toContain(id);
    expect(await listed(from)).not.toContain(id);
    // Sent twice with one key (the late one and the resend): the service acted once.
    const moves = proxy.log.filter((e) => e.method === 'POST' && e.path === '/v2/card/move-card');
    expect(new Set(moves.map((m) => m.idempotencyKey)).size).toBe(1);
    expect([...forwardedByKey(moves).keys()]).toHaveLength(1);
  }, 45_000);
});
