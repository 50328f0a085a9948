/**
 * The app rendered with ink-testing-library over the REAL store, client and
 * local service (a temp SQLite file with the demo workspace).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { startService } from '../../src/server/index.js';
import { createBoardStore, type BoardStore } from '../../src/store/index.js';
import { App } from '../../src/ui/App.js';

export const TEST_KEY = 'ibk_ui_test_key_0123456789abcdefghij';

export const tick = (ms = 0): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** tmux-style names to the bytes a terminal sends. */
const KEYS: Record<string, string> = {
  up: '\x1b[A', down: '\x1b[B', right: '\x1b[C', left: '\x1b[D',
  'S-up': '\x1b[1;2A', 'S-down': '\x1b[1;2B', 'S-right': '\x1b[1;2C', 'S-left': '\x1b[1;2D',
  enter: '\r', esc: '\x1b', backspace: '\x7f', 'C-c': '\x03', tab: '\t',
};

export interface AppHarness {
  store: BoardStore;
  client: Client;
  frame(): string;
  /** Each argument is one key: a name from KEYS or literal text. */
  press(...keys: string[]): Promise<void>;
  waitFor(match: string | RegExp | ((frame: string) => boolean), timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export async function renderApp(opts: { board?: string } = {}): Promise<AppHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-ui-'));
  const svc = await startService({ dbPath: join(dir, 'ui.db'), apiKey: TEST_KEY, demo: true });
  const client = createClient({ baseUrl: svc.url, apiKey: TEST_KEY, maxAttempts: 1 });
  const store = createBoardStore(client);
  let initialBoardId: number | null = null;
  if (opts.board !== undefined) {
    const b = (await client.listBoards()).find((x) => x.Name === opts.board);
    if (!b) throw new Error(`no board ${opts.board}`);
    initialBoardId = b.Id;
  }
  const app = render(<App store={store} backend="test" initialBoardId={initialBoardId} />);
  let done = false;
  await tick(20);

  const frame = () => app.lastFrame() ?? '';
  const waitFor: AppHarness['waitFor'] = async (match, timeoutMs = 5_000) => {
    const test = typeof match === 'function' ? match : (f: string) => (typeof match === 'string' ? f.includes(match) : match.test(f));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (test(frame())) return frame();
      await tick(10);
    }
    throw new Error(`frame never matched ${String(match)}; last frame:\n${frame()}`);
  };
  return {
    store,
    client,
    frame,
    async press(...keys) {
      for (const k of keys) {
        app.stdin.write(KEYS[k] ?? k);
        // A lone ESC needs a macrotask so it isn't read as a sequence start.
        await tick(k === 'esc' ? 30 : 5);
      }
    },
    waitFor,
    async close() {
      if (!done) app.unmount();
      done = true;
      await svc.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
