/**
 * The order files start in. vitest starts the files it knows to be slow
 * first, from its record of the last run's durations (node_modules/.vite);
 * a clean clone — CI's — has no such record, and vitest then starts the
 * largest files first, which left the slowest ones (small files that wait
 * on servers) to start late and one worker running alone at the end: 401 s
 * of vitest on a clean clone against 345 s with the record.
 *
 * With a record, vitest's own order. Without one, the files measured slowest
 * first, then folder by folder as their files took on average (vitest's
 * JSON reporter over a whole run), the larger file first within a folder.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The slowest files of a whole run, slowest first (each 9 s or more). */
const SLOWEST = [
  'test/server/soak.test.ts',
  'test/server/mail/imap/crash.test.ts',
  'test/server/fuzz.test.ts',
  'test/commands/extensions.test.ts',
  'test/server/model.test.ts',
  'test/store/property.test.ts',
  'test/e2e/late-answer.test.ts',
  'test/commands/errors.test.ts',
  'test/commands/mailbox.test.ts',
  'test/server/waiting/snooze.test.ts',
  'test/server/mail/imap/states.test.ts',
  'test/commands/write.test.ts',
];

/** Folders by the average time of their files, slowest first; `.tsx` UI files draw, `.ts` ones don't. */
const FOLDERS = [/^test\/commands\//, /^test\/e2e\//, /^test\/server\//, /^test\/ui\/.*\.tsx$/, /^test\/store\//];

function rank(path: string): number {
  const slow = SLOWEST.indexOf(path);
  if (slow >= 0) return slow;
  const folder = FOLDERS.findIndex((re) => re.test(path));
  return SLOWEST.length + (folder >= 0 ? folder : FOLDERS.length);
}

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (f: TestSpecification) => `${f.project.name}:${relative(root, f.moduleId)}`;
    if (files.some((f) => this.ctx.cache.getFileTestResults(key(f)) !== undefined)) return super.sort(files);
    const size = (f: TestSpecification) => this.ctx.cache.getFileStats(key(f))?.size ?? 0;
    return [...files].sort((a, b) => {
      const byRank = rank(relative(root, a.moduleId)) - rank(relative(root, b.moduleId));
      return byRank !== 0 ? byRank : size(b) - size(a);
    });
  }
}
