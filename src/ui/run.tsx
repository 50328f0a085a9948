/**
 * The board's entry: resolve where the service is (a remote URL, or the
 * embedded local service started in-process), build client and store, and
 * render the app on the alternate screen.
 */
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { render } from 'ink';
import { connect } from '../config/connect.js';
import { ConfigError } from '../config/resolve.js';
import { createBoardStore } from '../store/index.js';
import { App } from './App.js';
import { enterAlternateScreen, restoreTerminal } from './terminal.js';

const USAGE = 'Usage: inboard [--board ID|NAME] [--url URL] [--api-key KEY] [--insecure] [--refresh SECONDS]';

export async function run(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        board: { type: 'string' },
        url: { type: 'string' },
        'api-key': { type: 'string' },
        insecure: { type: 'boolean' },
        refresh: { type: 'string' },
      },
      strict: true,
    }));
  } catch (e) {
    process.stderr.write(`inboard: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('inboard: the board needs a terminal (stdin and stdout must be a TTY).\n');
    return 2;
  }

  // Auto-refresh of the open board, in seconds (0 turns it off).
  const refreshSeconds = values.refresh === undefined ? 30 : Number(values.refresh);
  if (!Number.isFinite(refreshSeconds) || refreshSeconds < 0 || !/^\d+(\.\d+)?$/.test(values.refresh ?? '30')) {
    process.stderr.write(`inboard: --refresh takes a number of seconds (0 turns it off), got '${values.refresh}'\n${USAGE}\n`);
    return 2;
  }
  let conn;
  try {
    conn = await connect({ url: values.url, apiKey: values['api-key'], insecure: values.insecure });
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`inboard: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const { client, backend } = conn;
  const closeService = conn.close;
  const store = createBoardStore(client);

  let initialBoardId: number | null = null;
  if (values.board !== undefined) {
    await store.getState().loadBoards();
    const want = values.board.trim().toLowerCase();
    const match = store.getState().boards.items.find((b) => String(b.Id) === want || b.Name.trim().toLowerCase() === want);
    if (match === undefined) {
      await closeService();
      const err = store.getState().boards.error;
      process.stderr.write(`inboard: ${err ?? `no board matches '${values.board}' (see the board picker)`}\n`);
      return 1;
    }
    initialBoardId = match.Id;
  }

  // Opt-in for bench/tui.ts: one line per frame with Ink's own render time (ms).
  const renderLogPath = process.env.INBOARD_BENCH_RENDER_LOG;
  const renderLog = renderLogPath ? createWriteStream(renderLogPath, { flags: 'a' }) : null;
  enterAlternateScreen();
  try {
    const app = render(<App store={store} backend={backend} initialBoardId={initialBoardId} refreshSeconds={refreshSeconds} />, {
      exitOnCtrlC: false,
      patchConsole: true,
      ...(renderLog ? { onRender: ({ renderTime }: { renderTime: number }) => void renderLog.write(`${renderTime}\n`) } : {}),
    });
    await app.waitUntilExit();
  } finally {
    renderLog?.end();
    restoreTerminal();
    await closeService();
  }
  return 0;
}
