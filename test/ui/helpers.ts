/**
 * UI test helpers: the app rendered with ink-testing-library over the REAL
 * store, client and local service (a temp SQLite file with the demo
 * workspace). Failures come from the server refusing for real; `other` is a
 * second client — a teammate changing things behind the app's back — and
 * `sql` reaches the database for what the API cannot do (delete a card).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import { Agent } from 'undici';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { createUserKey } from '../../src/server/auth.js';
import { openDb, startService, type RunningService } from '../../src/server/index.js';
import { openSqlite } from '../../src/server/sql/sqlite.js';
import { createBoardStore, type BoardStore, type Card } from '../../src/store/index.js';
import { App } from '../../src/ui/App.js';
import { readableBoards } from '../support/board-view.js';
import { migratedSqliteFile } from '../server/helpers.js';

export const KEY = 'ibk_ui_actions_key_0123456789abcdef';
export const tick = (ms = 0): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Key names to the bytes a terminal sends; anything else is typed as is. */
export const KEYS: Record<string, string> = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  home: '\x1b[H',
  end: '\x1b[F',
  'S-up': '\x1b[1;2A',
  'S-down': '\x1b[1;2B',
  'S-right': '\x1b[1;2C',
  'S-left': '\x1b[1;2D',
  enter: '\r',
  esc: '\x1b',
  backspace: '\x7f',
  tab: '\t',
  'S-tab': '\x1b[Z',
  'C-a': '\x01',
  'C-e': '\x05',
  'C-j': '\n',
  'C-c': '\x03',
  'C-w': '\x17',
  'C-u': '\x15',
  'C-k': '\x0b',
  'C-s': '\x13',
  'C-r': '\x12',
};

/** Requests the app sends that wait (a slow network) until released. */
export interface Hold {
  /** How many requests are waiting. */
  readonly waiting: number;
  /** Sends the waiting requests and lets later ones through. */
  release(): void;
}

export interface Ui {
  store: BoardStore;
  /**
   * Holds the app's requests whose `METHOD /path?query` matches, as a slow
   * network would: the real service answers them once released.
   */
  hold(match: RegExp): Hold;
  /** What `holdFromStart` holds (a hold that lets everything through without it). */
  held: Hold;
  /** Another client on the same service (same account): changes made elsewhere. */
  other: Client;
  /** The service's address (for routes the app's client has no call for: mail delivered to a board). */
  url: string;
  boardId: number;
  frame(): string;
  press(...keys: string[]): Promise<void>;
  /** Types text as one chunk, as a paste arrives. */
  paste(text: string): Promise<void>;
  /** Writes bytes to the app's stdin without waiting (to race renders). */
  pasteRaw(bytes: string): void;
  waitFor(match: string | RegExp | ((frame: string) => boolean), timeoutMs?: number): Promise<string>;
  until(test: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** A card on screen by title. */
  card(title: string): Card;
  sql(statement: string, ...params: unknown[]): void;
  /** A teammate: another user, a member of the open board, with a client of their own key. */
  teammate(email: string): Promise<Client>;
  /** The service's outbox worker (`tick()` sends what is due). */
  outbox: RunningService['outbox'];
  /** Stops the service (the server gone): the app's requests then get no answer. */
  stopService(): Promise<void>;
  close(): Promise<void>;
}

/** `board: null` starts on the board picker instead of a board. */
export interface UiOptions {
  /** The service's SMTP relay for replies (none: replies are refused as not set up). */
  mail?: { smtpUrl: string; from: string };
  board?: string | null;
  refreshSeconds?: number;
  /** The service's per-key limit per minute (default off). */
  rateLimit?: number;
  /** The app client's attempts per request (default 1: failures show at once). */
  maxAttempts?: number;
  /** Hold matching requests from the very start (the first boards list): `ui.held`. */
  holdFromStart?: RegExp;
  /** Wraps the app's client as connect() does (config/key-refused.ts's explainKeyRefusals). */
  wrapClient?: (client: Client) => Client;
  /** The terminal's width in cells (ink-testing-library's is 100). */
  columns?: number;
  /** The App's reactionMs (default 0: keys as fast as the test sends them). */
  reactionMs?: number;
  /** The store follows the open board's live events (BoardStoreOptions.live). */
  live?: boolean;
  /** The service holds replies this long in its outbox (ms); its worker then sends only on `ui.outbox.tick()`. */
  sendDelayMs?: number;
}

export async function startUi(opts: UiOptions = {}): Promise<Ui> {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-ui-actions-'));
  const dbPath = migratedSqliteFile(dir, 't.db');
  const svc = await startService({
    dbPath,
    apiKey: KEY,
    demo: true,
    rateLimit: opts.rateLimit ?? 0,
    ...(opts.mail !== undefined ? { mail: opts.mail } : {}),
    ...(opts.sendDelayMs !== undefined ? { sendDelayMs: opts.sendDelayMs, outboxTickMs: 0 } : {}),
  });
  const holds: { match: RegExp; queue: (() => void)[] | null }[] = [];
  const hold = (match: RegExp): Hold => {
    const h: { match: RegExp; queue: (() => void)[] | null } = { match, queue: [] };
    holds.push(h);
    return {
      get waiting() {
        return h.queue?.length ?? 0;
      },
      release() {
        const queued = h.queue ?? [];
        h.queue = null;
        for (const send of queued) send();
      },
    };
  };
  // Before the app renders: its first requests go out as it mounts.
  const held = hold(opts.holdFromStart ?? /(?!)/);
  const agent = new Agent();
  const dispatcher = agent.compose((dispatch) => (o, handler) => {
    const h = holds.find((x) => x.queue !== null && x.match.test(`${o.method} ${o.path}`));
    if (h?.queue == null) return dispatch(o, handler);
    h.queue.push(() => dispatch(o, handler));
    return true;
  });
  const bare = createClient({ baseUrl: svc.url, apiKey: KEY, maxAttempts: opts.maxAttempts ?? 1, dispatcher });
  const client = opts.wrapClient?.(bare) ?? bare;
  const other = createClient({ baseUrl: svc.url, apiKey: KEY, maxAttempts: 1 });
  const store = createBoardStore(client, { live: opts.live === true });
  const name = opts.board === undefined ? 'Support Inbox' : opts.board;
  const boardId = name === null ? 0 : readableBoards(await other.listBoards()).find((b) => b.Name === name)?.Id;
  if (boardId === undefined) throw new Error(`no board ${name}`);
  const app = render(
    createElement(App, {
      store,
      backend: 'test',
      initialBoardId: boardId || null,
      refreshSeconds: opts.refreshSeconds ?? 0,
      reactionMs: opts.reactionMs ?? 0,
    }),
  );
  if (opts.columns !== undefined) resize(app.stdout, opts.columns);
  await tick(10);
  const frame = () => app.lastFrame() ?? '';
  const until: Ui['until'] = async (test, what, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`never: ${what}; last frame:\n${frame()}`);
      await tick(10);
    }
  };
  let stopped: Promise<void> | undefined;
  const ui: Ui = {
    store,
    hold,
    held,
    other,
    url: svc.url,
    boardId,
    frame,
    async press(...keys) {
      for (const k of keys) {
        app.stdin.write(KEYS[k] ?? k);
        // A lone ESC needs a macrotask so it isn't read as the start of a sequence.
        await tick(k === 'esc' ? 30 : 5);
      }
    },
    async paste(text) {
      app.stdin.write(text);
      await tick(5);
    },
    pasteRaw(bytes) {
      app.stdin.write(bytes);
    },
    async waitFor(match, timeoutMs = 8_000) {
      const test =
        typeof match === 'function'
          ? match
          : (f: string) => (typeof match === 'string' ? f.includes(match) : match.test(f));
      await until(() => test(frame()), `frame matches ${String(match)}`, timeoutMs);
      // What just appeared subscribes to keys in its effects: let them run.
      await tick(10);
      return frame();
    },
    until,
    card(title) {
      const c = [...store.getState().view.cards.values()].find((x) => x.title === title);
      if (c === undefined) throw new Error(`no card titled ${title}`);
      return c;
    },
    sql(statement, ...params) {
      const db = openDb(dbPath);
      try {
        db.prepare(statement).run(...params);
      } finally {
        db.close();
      }
    },
    async teammate(email) {
      const db = openSqlite(dbPath);
      let key: string;
      try {
        key = await createUserKey(db, { email, plan: 'pro' });
        await db.run('INSERT INTO board_members (board_id, email) VALUES (?, ?)', [boardId, email]);
      } finally {
        await db.close();
      }
      return createClient({ baseUrl: svc.url, apiKey: key, maxAttempts: 1 });
    },
    outbox: svc.outbox,
    async stopService() {
      stopped ??= svc.close();
      await stopped;
    },
    async close() {
      store.getState().stopLive();
      app.unmount();
      for (const h of holds) h.queue = null;
      await agent.close();
      await (stopped ?? svc.close());
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (name === null) return ui;
  await ui.waitFor('In progress (');
  await until(() => store.getState().cursor.cardId !== null && !store.getState().boardLoading, 'board loaded');
  return ui;
}

/** A terminal resize, as a real one reports it: the new width, then `resize`. */
export function resize(stdout: NodeJS.EventEmitter, columns: number): void {
  Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
  stdout.emit('resize');
}

/** Focus a card by title (the store's cursor, as j/k would leave it). */
export function focus(ui: Ui, title: string): Card {
  const c = ui.card(title);
  ui.store.getState().focusCardId(c.id);
  return c;
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * The status bar's message (an error or notice, its wrapped rows joined by a
 * space), else its last line (the hints).
 */
export const statusLine = (frame: string): string => {
  const lines = frame.trimEnd().split('\n');
  for (let at = lines.length - 1; at >= 0; at--) {
    const plain = lines[at]!.replace(ANSI, '');
    if (plain.startsWith('✗ ') || plain.startsWith('✓ '))
      return lines
        .slice(at)
        .map((l) => l.trimEnd())
        .join(' ');
    // The status bar's first line (` Support Inbox │ …`): no message below it.
    if (plain.startsWith(' ')) break;
  }
  return lines.at(-1) ?? '';
};
