// Bundles the CLI into dist/ (ESM, code-split so `--help` and the non-TUI
// commands never load Ink). scripts/bundle-options.mjs says what the bundle
// leaves out or swaps, and why.
import { build } from 'esbuild';
import { rmSync, chmodSync } from 'node:fs';
import { buildBoardScript } from './board-script.mjs';
import { buildCommandsScript } from './commands-script.mjs';
import { bundleOptions } from './bundle-options.mjs';

rmSync('dist', { recursive: true, force: true });
const options = bundleOptions();
await build({
  ...options,
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  splitting: true,
  minify: true,
  sourcemap: 'linked',
  banner: { js: `#!/usr/bin/env node\n${options.banner.js}` },
  chunkNames: 'chunks/[name]-[hash]',
});
chmodSync('dist/cli.js', 0o755);
// The board's and the one-shot commands' starts as classic scripts, for V8's code cache (classic-script.mjs).
await Promise.all([buildBoardScript(), buildCommandsScript()]);
