/**
 * The board's entry: resolve where the service is (a remote URL, or the
 * embedded local service started in-process), build client and store, and
 * render the app on the alternate screen.
 *
 * Ordered for first paint: Ink is imported (mount.tsx) while the first
 * requests are in flight — after they are sent for a remote service, and
 * alongside starting the embedded one — and with `--board` the board is
 * opened before the first render, so the first frame already has columns.
 */
import { readLastPlace, writeLastPlace } from './last-place.js';
import { takeAskedProfile } from './profile-switch.js';
import type { Board } from '../api/read-model.js';
import { pick } from '../commands/resolve.js';
import { MIN_REFRESH_SECONDS, REFRESH_SECONDS } from '../config/defaults.js';
import { parseArgs } from 'node:util';
import { BOARD_USAGE as USAGE } from '../commands/usage.js';
import { connect } from '../config/connect.js';
import { defaultDbPath } from '../config/paths.js';
import { ConfigError, resolveBoardSettings, resolveConfig } from '../config/resolve.js';
import { createBoardStore, isServerId } from '../store/index.js';
import { draftsPath } from './drafts-file.js';
import { loadDrafts, provideDrafts } from './drafts.js';
import { keyProblems } from './keys/user-keys.js';
import { applyTheme } from './theme.js';
import { applyViews } from './views.js';
import { applyDownloadDir } from './attachments/places.js';
import { applySignature } from './compose/signature.js';
import { applyNotify } from './notify/alert.js';
import { enterAlternateScreen, restoreTerminal } from './terminal.js';

type Mount = typeof import('./mount.js');

/** How long the first frame waits for a board's first pages once Ink is loaded. */
const FIRST_FRAME_WAIT_MS = 150;

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
        email: { type: 'string' },
        'no-mark-read': { type: 'boolean' },
        profile: { type: 'string' },
      },
      strict: true,
    }));
  } catch (e) {
    process.stderr.write(`inboard: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  // Auto-refresh of the open board, in seconds (0 turns it off). Below the
  // minimum a refresh of every column would run back to back, for nothing a person sees.
  const refreshSeconds = values.refresh === undefined ? REFRESH_SECONDS : Number(values.refresh);
  const wellFormed = values.refresh === undefined || /^\d+(\.\d+)?$/.test(values.refresh);
  if (
    !wellFormed ||
    !Number.isFinite(refreshSeconds) ||
    (refreshSeconds !== 0 && refreshSeconds < MIN_REFRESH_SECONDS)
  ) {
    process.stderr.write(
      `inboard: --refresh takes 0 (off) or a number of seconds from ${MIN_REFRESH_SECONDS} up, got '${values.refresh}'\n${USAGE}\n`,
    );
    return 2;
  }

  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('inboard: the board needs a terminal (stdin and stdout must be a TTY).\n');
    return 2;
  }

  const flags = {
    url: values.url,
    apiKey: values['api-key'],
    insecure: values.insecure,
    email: values.email,
    noMarkRead: values['no-mark-read'],
    profile: values.profile,
  };
  let ui: Promise<Mount> | null = null;
  const loadUi = (): Promise<Mount> => {
    if (ui === null) {
      ui = import('./mount.js');
      ui.catch(() => undefined); // awaited below; an early return must not leave it unhandled
    }
    return ui;
  };
  // A loop: `p` in the board list closes the app to open it again on another
  // profile's server (profile-switch.ts), in this process and terminal.
  // Your keys and commands are the config file's, whichever profile: installed once.
  for (let first = true; ; first = false) {
    // Aborted once the board is closed: requests still in flight or waiting
    // to retry must not keep the process (and the shell prompt) waiting.
    const shutdown = new AbortController();
    let conn;
    let settings;
    try {
      // The embedded service starts on this thread: load Ink alongside it.
      // A remote one is only a socket away: send the first request first.
      settings = resolveBoardSettings({ flags, env: process.env });
      applyTheme(settings.theme);
      applyViews(settings.views);
      applyDownloadDir(settings.downloadDir);
      applySignature(settings.signature ?? undefined);
      applyNotify(settings.notify);
      // Keys of your own are checked before anything starts: a clash is said now, not found at the first key.
      if (settings.keys !== null && first) {
        void loadUi();
        const problems = (await import('./keymap.js')).applyKeys(settings.keys.map);
        if (problems.length > 0) throw new ConfigError(keyProblems(settings.keys.path, problems));
      }
      // Your commands join the keys in force, yours included: their clashes too are said now.
      if (settings.commands !== null && first) {
        void loadUi();
        const { applyCommands, commandProblems } = await import('./user-commands/bindings.js');
        const problems = applyCommands(settings.commands.list);
        if (problems.length > 0) throw new ConfigError(commandProblems(settings.commands.path, problems));
      }
      if (resolveConfig({ flags, env: process.env }).mode === 'embedded') void loadUi();
      conn = await connect(flags, process.env, shutdown.signal);
    } catch (e) {
      if (e instanceof ConfigError) {
        process.stderr.write(`inboard: ${e.message}\n`);
        return 2;
      }
      throw e;
    }
    const { client, backend } = conn;
    const closeService = () => conn.close();
    // A configured email is yours for assignee:me; without one the store asks the server.
    // Where the server has no outbox (DragApp) the app holds a reply itself this long (seconds), to take it back.
    const delay = Number(process.env.INBOARD_SEND_DELAY ?? '');
    const store = createBoardStore(client, {
      live: true,
      ...(/^\d{1,4}$/.test(process.env.INBOARD_SEND_DELAY ?? '') ? { localSendDelayMs: delay * 1000 } : {}),
      ...(settings.email === null ? {} : { meEmail: settings.email }),
    });

    let initialBoardId: number | null = null;
    let opening: Promise<void> | null = null;
    // The service's identity for what is kept between runs (drafts, the last place).
    const config = resolveConfig({ flags, env: process.env });
    const scope = config.mode === 'remote' ? new URL(config.url).href : `embedded ${defaultDbPath()}`;
    const last = values.board === undefined ? readLastPlace(scope) : null;
    if (values.board !== undefined) {
      const boards = store.getState().loadBoards();
      void loadUi();
      await boards;
      // The scripting commands' resolver: an id, a name, or a unique start of one.
      let match: Board;
      try {
        const err = store.getState().boards.error;
        if (err !== null) throw new Error(err);
        match = pick(store.getState().boards.items, values.board, 'board', '');
      } catch (e) {
        await closeService();
        process.stderr.write(`inboard: ${e instanceof Error ? e.message : String(e)}\n`);
        return 1;
      }
      initialBoardId = match.Id;
      // Columns and first pages are on their way while Ink loads; App doesn't ask again.
      opening = store.getState().openBoard(match.Id);
    } else if (last !== null) {
      // Where the user left off: the board (if it is still there) and the card the cursor was on.
      await store.getState().loadBoards();
      if (store.getState().boards.items.some((b) => b.Id === last.boardId)) {
        initialBoardId = last.boardId;
        opening = store
          .getState()
          .openBoard(last.boardId)
          .then(() => {
            if (last.cardId !== null) store.getState().focusCardId(last.cardId);
          });
      }
    } else {
      void store.getState().loadBoards();
    }

    const { mount } = await loadUi();
    // Drafts kept in an earlier run, of this service (they name its boards and cards).
    const drafts = loadDrafts(draftsPath(), scope);
    provideDrafts(drafts);
    // Mount once the first pages are in, so the first frame has the cards: an
    // empty first frame costs a full render, and with the embedded service on
    // this thread it also delays the answers (~40 ms). A slow service gets the
    // loading screen after FIRST_FRAME_WAIT_MS at most.
    if (opening !== null) await Promise.race([opening, new Promise((r) => setTimeout(r, FIRST_FRAME_WAIT_MS).unref())]);
    enterAlternateScreen();
    try {
      await mount({ store, backend, initialBoardId, refreshSeconds, markReadOnOpen: settings.markReadOnOpen });
    } finally {
      // Teammates see this app leave the card now, not when its presence lapses (a moment at most).
      await Promise.race([store.getState().leavePresence(), new Promise((r) => setTimeout(r, 500).unref())]);
      shutdown.abort();
      restoreTerminal();
      const s = store.getState();
      if (s.boardId !== null)
        writeLastPlace(scope, {
          boardId: s.boardId,
          cardId: s.cursor.cardId !== null && isServerId(s.cursor.cardId) ? s.cursor.cardId : null,
        });
      // On the restored terminal, whichever way the app ended (q, Ctrl+C).
      const kept = drafts.quitLine();
      if (kept !== null) process.stdout.write(`${kept}\n`);
      await closeService();
    }
    const next = takeAskedProfile();
    if (next === null) return 0;
    flags.profile = next;
    // That server's last place, not this one's board.
    values.board = undefined;
  }
}
