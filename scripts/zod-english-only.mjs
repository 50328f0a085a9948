// zod's `z` namespace re-exports every locale (`z.locales`: ~260 KB of the
// ~450 KB zod chunk, parsed at every start). inboard reads none of them:
// zod speaks English through its own import of locales/en.js, and our error
// messages are our own. In the bundle, `locales/index.js` becomes a module
// exporting English only. Written against zod 4's layout; the build fails
// if that file moves rather than ship the whole set silently.
import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = join(root, 'node_modules/zod/v4/locales');
const en = join(localesDir, 'en.js');

export function zodEnglishOnly() {
  return {
    name: 'zod-english-only',
    setup(build) {
      if (!existsSync(join(localesDir, 'index.js')) || !existsSync(en)) {
        throw new Error(
          'zod-english-only: node_modules/zod/v4/locales/{index,en}.js not found; re-check scripts/zod-english-only.mjs',
        );
      }
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
        args.importer.includes(`${sep}node_modules${sep}zod${sep}v4${sep}`)
          ? { path: 'zod-locales-en', namespace: 'zod-english-only' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
        contents: `export { default as en } from ${JSON.stringify(en)};`,
        resolveDir: localesDir,
      }));
    },
  };
}
