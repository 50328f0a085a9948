/**
 * The README stays a README: at most 400 lines, opening with the two set-up
 * commands; reference material (the extensions, the vendor's service,
 * storage) lives in docs/api.md, and every link between them lands on a
 * file and a heading that exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
const anchor = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (text: string): Set<string> =>
  new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!)));

describe('README', () => {
  it('is at most 400 lines and opens with the two set-up commands', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    expect(readme.split('\n').slice(0, 6).join('\n')).toMatch(
      /^# inboard\n\n```sh\nnpm install && npm start +#.*\nnpm test +#.*\n```$/,
    );
  });

  it('points to the extensions, the vendor’s service and storage in docs/api.md, where they are', () => {
    const readme = read('README.md');
    expect(readme).toContain('[docs/api.md](docs/api.md)');
    expect(readme).not.toMatch(/^#+ Extensions/m);
    const api = anchorsOf(read('docs/api.md'));
    for (const heading of ['extensions', 'talking-to-the-real-service', 'storage']) expect(api).toContain(heading);
    expect(read('docs/api.md')).toContain("### `PUT /v2/card/:id/tags` — replace a card's tags");
  });

  it('every relative link of the README and docs/api.md lands on a file and heading that exist', () => {
    const broken: string[] = [];
    for (const file of ['README.md', 'docs/api.md']) {
      const text = read(file);
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        const [path = '', hash] = target.split('#');
        const where = path === '' ? file : join(dirname(file), path);
        if (!existsSync(join(ROOT, where))) {
          broken.push(`${file}: ${target}`);
          continue;
        }
        if (hash !== undefined && where.endsWith('.md') && !anchorsOf(read(where)).has(hash))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
