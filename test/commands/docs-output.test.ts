/**
 * docs/commands.md against what the commands print: the `--json` example of
 * `inboard boards` has the fields the command prints, each of the same kind
 * (`Users` a list, `IntegrationType` there).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

const kinds = (o: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? 'list' : v === null ? 'null' : typeof v]),
  );

/** The first `--json` example after a heading, parsed (its trailing `, …]` closed). */
function example(heading: string): Record<string, unknown> {
  const doc = readFileSync(join(ROOT, 'docs/commands.md'), 'utf8');
  const section = doc.slice(doc.indexOf(`## ${heading}`));
  const m = /`--json`: `(\[.*?), …\]`/.exec(section);
  if (m?.[1] === undefined) throw new Error(`no --json example under ${heading}`);
  return (JSON.parse(`${m[1]}]`) as Record<string, unknown>[])[0]!;
}

describe('docs/commands.md', () => {
  it('inboard boards --json: the example has the printed fields, of the printed kinds', async () => {
    const printed = (await f.json<Record<string, unknown>[]>(['boards', '--json']))[0]!;
    const documented = example('inboard boards');
    expect(kinds(documented)).toEqual(kinds(printed));
    expect(kinds(documented)).toEqual({
      Id: 'number',
      Name: 'string',
      Owner: 'string',
      Users: 'list',
      IntegrationType: 'null',
    });
  });
});
