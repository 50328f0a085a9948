// The board's classic script (scripts/board-script.mjs) is CommonJS, and
// yoga-layout's entry is an ES module with a top-level `await loadYoga()`,
// which CommonJS can't express. In that build its entry becomes a module
// that starts the same load when it is first evaluated (when Ink is, as
// before) and exports `ready`; run.tsx's `import('./mount.js')` gets a
// mount() that awaits `ready` before Ink draws anything, the one place Ink
// reaches yoga (Ink calls it only while rendering, never as it loads). The
// build fails if the entry changes shape rather than ship a yoga that is
// never loaded.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const yogaSrc = join(root, 'node_modules/yoga-layout/dist/src');
const entry = join(yogaSrc, 'index.js');
const mount = join(root, 'src/ui/mount.tsx');

/** yoga-layout 3's entry, without its comments: what the replacement below stands for. */
const EXPECTED = [
  "import loadYoga from '../binaries/yoga-wasm-base64-esm.js';",
  'import wrapAssembly from "./wrapAssembly.js";',
  'const Yoga = wrapAssembly(await loadYoga());',
  'export default Yoga;',
  'export * from "./generated/YGEnums.js";',
].join('\n');

function checkEntry() {
  const code = readFileSync(entry, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.trim().startsWith('//'))
    .join('\n');
  if (code !== EXPECTED) {
    throw new Error(
      `yoga-loaded-first: ${entry} is not the entry it was written for; re-check scripts/yoga-loaded-first.mjs`,
    );
  }
}

const YOGA = `
import loadYoga from ${JSON.stringify(join(yogaSrc, '../binaries/yoga-wasm-base64-esm.js'))};
import wrapAssembly from ${JSON.stringify(join(yogaSrc, 'wrapAssembly.js'))};
let Yoga;
export const ready = loadYoga().then((m) => { Yoga = wrapAssembly(m); });
export { Yoga as default };
export * from ${JSON.stringify(join(yogaSrc, 'generated/YGEnums.js'))};
`;

// `mounting` settles as the board is first drawn: the loader writes the
// code cache only after that (src/boot/board-script.ts).
const MOUNT = `
import { ready } from 'yoga-layout';
import * as ui from ${JSON.stringify(mount)};
let drawing;
export const mounting = new Promise((resolve) => { drawing = resolve; });
export const mount = async (o) => { await ready; drawing(); return ui.mount(o); };
`;

/** The id under which the board script's entry imports the mount() above. */
export const MOUNT_ID = 'inboard-mount-after-yoga';

export function yogaLoadedFirst() {
  return {
    name: 'yoga-loaded-first',
    setup(build) {
      checkEntry();
      build.onResolve({ filter: /^yoga-layout$/ }, () => ({ path: 'yoga', namespace: 'yoga-loaded-first' }));
      build.onResolve({ filter: /^(\.\/mount\.js|inboard-mount-after-yoga)$/ }, (args) =>
        args.path === MOUNT_ID || args.importer.endsWith(`${sep}src${sep}ui${sep}run.tsx`)
          ? { path: 'mount', namespace: 'yoga-loaded-first' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'yoga-loaded-first' }, (args) => ({
        contents: args.path === 'yoga' ? YOGA : MOUNT,
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}
