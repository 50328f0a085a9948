// Swaps three of Ink's internals for our cheaper equivalents when bundling
// (src/ui/ink-overrides/ says why; test/ui/ink-overrides checks that they
// draw exactly what Ink's own do). They are written against Ink 6.8's
// internals, so any other Ink version fails the build rather than ship
// something untested.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const inkBuild = `${sep}node_modules${sep}ink${sep}build${sep}`;
const replacements = {
  './output.js': join(root, 'src/ui/ink-overrides/output.ts'),
  'widest-line': join(root, 'src/ui/ink-overrides/widest-line.ts'),
  // Only ink.js imports it, for its throttle alone (checked: its one named import).
  'es-toolkit/compat': join(root, 'src/ui/ink-overrides/throttle.ts'),
};

function checkInkVersion() {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules/ink/package.json'), 'utf8'));
  if (!version.startsWith('6.8.')) {
    throw new Error(`ink-overrides: written for Ink 6.8.x, found ${version}; re-check src/ui/ink-overrides against it`);
  }
  // throttle.ts stands in for es-toolkit/compat inside Ink: only while throttle is all Ink takes from it.
  const ink = readFileSync(join(root, 'node_modules/ink/build/ink.js'), 'utf8');
  const taken = [...ink.matchAll(/import\s*\{([^}]*)\}\s*from\s*'es-toolkit\/compat'/g)].map((m) => m[1].trim());
  if (taken.join() !== 'throttle') {
    throw new Error(`ink-overrides: Ink now imports {${taken.join()}} from es-toolkit/compat; re-check throttle.ts`);
  }
}

/** Our file for an import made inside Ink's build, or undefined. */
function replacement(path, importer) {
  return importer?.includes(inkBuild) ? replacements[path] : undefined;
}

/** For esbuild (scripts/build.mjs, bench/lib/run-bundled.mjs). */
export function inkOverrides() {
  return {
    name: 'ink-overrides',
    setup(build) {
      checkInkVersion();
      build.onResolve({ filter: /^(\.\/output\.js|widest-line|es-toolkit\/compat)$/ }, (args) => {
        const path = replacement(args.path, args.importer);
        return path ? { path } : undefined;
      });
    },
  };
}

/** For Vite (vitest.config.ts), so the tests draw with what ships; Ink must be inlined for it to apply. */
export function inkOverridesVite() {
  checkInkVersion();
  return { name: 'ink-overrides', enforce: 'pre', resolveId: (source, importer) => replacement(source, importer) };
}
