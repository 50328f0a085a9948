/**
 * The Ink half of the board's entry, in its own module so run.tsx can start
 * the first requests (and the embedded service) before Ink, React and yoga
 * are loaded: importing them takes ~150 ms here, which now overlaps the
 * network instead of preceding it.
 */
import { createWriteStream } from 'node:fs';
import { render } from 'ink';
import type { BoardStore } from '../store/index.js';
import { App } from './App.js';
import { startDetailWarmUp } from './warm-up.js';

export interface MountOptions {
  store: BoardStore;
  backend: string;
  initialBoardId: number | null;
  refreshSeconds: number;
  markReadOnOpen: boolean;
}

/** Renders the app (the caller has entered the alternate screen) and resolves when it exits. */
export async function mount(o: MountOptions): Promise<void> {
  // Opt-in for bench/tui.ts: one line per frame with Ink's own render time (ms).
  const renderLogPath = process.env.INBOARD_BENCH_RENDER_LOG;
  const renderLog = renderLogPath ? createWriteStream(renderLogPath, { flags: 'a' }) : null;
  let stopWarmUp = (): void => undefined;
  try {
    const app = render(
      <App
        store={o.store}
        backend={o.backend}
        initialBoardId={o.initialBoardId}
        refreshSeconds={o.refreshSeconds}
        markReadOnOpen={o.markReadOnOpen}
      />,
      {
        exitOnCtrlC: false,
        patchConsole: true,
        // Frames that follow the network and paging: at most 60 a second (Ink's
        // default 30 held them up to 33 ms). A key's own frame is drawn at once
        // (ink-overrides/throttle.ts; docs/performance.md, "Opening a card").
        maxFps: 60,
        ...(renderLog
          ? { onRender: ({ renderTime }: { renderTime: number }) => void renderLog.write(`${renderTime}\n`) }
          : {}),
      },
    );
    // The first card opened is drawn as fast as the rest (warm-up.tsx).
    stopWarmUp = startDetailWarmUp(o.store, {
      size: () => ({ width: process.stdout.columns || 80, height: Math.max(1, (process.stdout.rows || 24) - 1) }),
    });
    await app.waitUntilExit();
  } finally {
    stopWarmUp();
    renderLog?.end();
  }
}
