/**
 * stdout is the protocol's alone: `inboard mcp` run with its requests piped
 * in and stdin then closed, on the embedded service (which starts, seeds the
 * demo and stops in the same process), writes only JSON-RPC lines, answers
 * every request before it exits, and exits 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { TOOLS } from '../../../src/commands/mcp/tools.js';
import { runCli } from '../helpers.js';

const requests = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sh', version: '0' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_boards', arguments: {} } },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_card', arguments: { cardId: 'no-such-card' } } },
];

it('only JSON-RPC on stdout, every request answered, exit 0', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-mcp-stdio-'));
  try {
    const r = await runCli(
      ['mcp'],
      { INBOARD_DATA_DIR: join(dir, 'd'), INBOARD_CONFIG_DIR: join(dir, 'c') },
      {
        input: requests.map((q) => JSON.stringify(q)).join('\n') + '\n',
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    const answers = lines.map(
      (l) => JSON.parse(l) as { jsonrpc: string; id: number; result?: Record<string, unknown> },
    );
    expect(answers.every((a) => a.jsonrpc === '2.0')).toBe(true);
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4]);
    expect(JSON.stringify(answers[2]?.result)).toContain('Support Inbox');
    expect(answers[3]?.result).toMatchObject({ isError: true });
    expect(r.stderr).toContain(`inboard mcp: ${TOOLS.length} tools on embedded`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
