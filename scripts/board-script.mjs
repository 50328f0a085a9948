// The board's start as a classic script (dist/board.cjs), which
// src/boot/board-script.ts runs with V8's code cache (classic-script.mjs
// says why and how it is built).
import { buildClassicScript } from './classic-script.mjs';
import { inkNoTopLevelAwait } from './ink-no-top-level-await.mjs';
import { MOUNT_ID, yogaLoadedFirst } from './yoga-loaded-first.mjs';

export const BOARD_SCRIPT = 'dist/board.cjs';

/** `minify: false` (with names kept) gives the profiles of bench/lib/profile-tui.ts readable frames. */
export async function buildBoardScript({ outfile = BOARD_SCRIPT, minify = true } = {}) {
  await buildClassicScript({
    name: 'board',
    // run.tsx's run(), and when the board is first drawn (yoga-loaded-first.mjs).
    entry: `export { run } from './src/ui/run.tsx'; export { mounting } from '${MOUNT_ID}';`,
    // yoga-loaded-first comes first: its yoga entry stands in for the package's.
    plugins: [yogaLoadedFirst(), inkNoTopLevelAwait()],
    // The embedded service's mail libraries (~1.2 MB with their encodings,
    // and mime-types' table of types, for files sent) are loaded only when
    // mail is set up: required from node_modules then, rather than read and
    // preparsed at the first start of every board.
    external: ['nodemailer', 'mailparser', 'mime-types'],
    outfile,
    minify,
  });
}
