/**
 * The Node versions inboard supports, said once in package.json `engines`
 * and repeated in the README: every production package the lockfile installs
 * (what `npm ci` puts in place) admits the lowest version of each major we
 * state, and the Node running the tests (CI's) is one of them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const read = <T>(file: string): T => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as T;

type Version = [number, number, number];

/** "20.18" → [20, 18, 0]; an x or a missing part is 0 (the lowest it admits). */
const version = (v: string): Version => {
  const [a = 0, b = 0, c = 0] = v
    .replace(/^v/, '')
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : 0));
  return [a, b, c];
};
const compare = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator of an npm range ("^20.18.1", ">=22", "<27", "20.x", "*") against a version. */
function admits(comparator: string, v: Version): boolean {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*v?([\dx*.]+)$/.exec(comparator.trim());
  if (m === null) throw new Error(`a range this test cannot read: ${comparator}`);
  const op = m[1] ?? '';
  const text = m[2]!;
  if (text === '*' || text === 'x') return true;
  const w = version(text);
  const parts = text.split('.').filter((p) => /^\d+$/.test(p)).length;
  const c = compare(v, w);
  switch (op) {
    case '>=':
      return c >= 0;
    case '>':
      return c > 0;
    case '<=':
      return c <= 0;
    case '<':
      return c < 0;
    case '^':
      return c >= 0 && (w[0] > 0 ? v[0] === w[0] : v[0] === 0 && v[1] === w[1]);
    case '~':
      return c >= 0 && v[0] === w[0] && (parts < 2 || v[1] === w[1]);
    default:
      // "20", "20.x", "20.18.1": the parts given must match.
      return v.slice(0, parts).every((n, i) => n === w[i]);
  }
}

/** Whether an npm range ("^20.18.1 || >=22 <27", ">= 10.x", "1 - 3") admits `v`. */
function satisfies(v: string, range: string): boolean {
  const at = version(v);
  return range.split('||').some((alt) => {
    const hyphen = /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(alt);
    if (hyphen) return admits(`>=${hyphen[1]!}`, at) && admits(`<=${hyphen[2]!}`, at);
    const comparators = alt
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .trim()
      .split(/\s+/);
    return comparators.every((c) => c === '' || admits(c, at));
  });
}

const engines = read<{ engines: { node: string } }>('package.json').engines.node;

/** The lowest version of each major the range admits: x.0.0, or the lowest patch of its first major. */
function lowestOfEachMajor(range: string): string[] {
  const out: string[] = [];
  for (let major = 18; major <= 40; major++)
    for (let minor = 0; minor <= 40; minor++)
      for (const patch of [0, 1, 2, 3]) {
        const v = `${major}.${minor}.${patch}`;
        if (!satisfies(v, range)) continue;
        out.push(v);
        minor = 41;
        break;
      }
  return out;
}

describe('supported Node versions', () => {
  it('reads npm ranges as npm does', () => {
    expect(satisfies('20.18.1', '>=20.18.1')).toBe(true);
    expect(satisfies('20.18.0', '>=20.18.1')).toBe(false);
    expect(satisfies('20.20.2', '^20.18.1 || >=22 <27')).toBe(true);
    expect(satisfies('21.7.0', '^20.18.1 || >=22 <27')).toBe(false);
    expect(satisfies('27.0.0', '^20.18.1 || >=22 <27')).toBe(false);
    expect(satisfies('20.0.0', '>=22')).toBe(false);
    expect(satisfies('20.5.0', '^12.20.0 || ^14.13.1 || >=16.0.0')).toBe(true);
    expect(satisfies('22.1.0', '20.x || 22.x || 23.x')).toBe(true);
    expect(satisfies('21.1.0', '20.x || 22.x || 23.x')).toBe(false);
    expect(satisfies('20.0.0', '>= 10.x')).toBe(true);
    expect(satisfies('20.0.0', '*')).toBe(true);
  });

  it('every production package the lockfile installs admits the lowest of each major we state', () => {
    const lows = lowestOfEachMajor(engines);
    expect(lows[0]).toBe('20.19.0');
    const lock = read<{ packages: Record<string, { dev?: boolean; engines?: { node?: string } }> }>(
      'package-lock.json',
    );
    const refused: string[] = [];
    for (const [path, pkg] of Object.entries(lock.packages)) {
      const range = pkg.engines?.node;
      if (path === '' || pkg.dev === true || range === undefined) continue;
      for (const v of lows) if (!satisfies(v, range)) refused.push(`${path} wants ${range}, not ${v}`);
    }
    expect(refused).toEqual([]);
  });

  it('the Node running this (CI’s) is one we state', () => {
    expect(satisfies(process.versions.node, engines)).toBe(true);
  });

  it('the README states what package.json does', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`Requires Node.js \`${engines}\``);
  });
});
