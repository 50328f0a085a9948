import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { durationKey, slowestFirst } from './slowest-first.js';

/** Only what the order reads of a specification: its project's name and root, and its file. */
function spec(project: string, file: string): TestSpecification {
  return {
    project: { name: project, config: { root: '/repo' } },
    moduleId: `/repo/${file}`,
  } as unknown as TestSpecification;
}

const names = (specs: TestSpecification[]) => specs.map((s) => durationKey(s));

describe('the order test files start in', () => {
  it('keys a file by its project and its path from the root, as vitest does', () => {
    expect(durationKey(spec('sqlite', 'test/a.test.ts'))).toBe('sqlite:test/a.test.ts');
  });

  it("keeps each project's files together, in the projects' name order, the slowest first within each", () => {
    const specs = [
      spec('sqlite', 'test/quick.test.ts'),
      spec('postgres', 'test/short.test.ts'),
      spec('sqlite', 'test/slow.test.ts'),
      spec('postgres', 'test/long.test.ts'),
    ];
    const durations = {
      'sqlite:test/quick.test.ts': 0.2,
      'sqlite:test/slow.test.ts': 30,
      'postgres:test/short.test.ts': 1,
      'postgres:test/long.test.ts': 12.5,
    };
    expect(names(slowestFirst(specs, durations))).toEqual([
      'postgres:test/long.test.ts',
      'postgres:test/short.test.ts',
      'sqlite:test/slow.test.ts',
      'sqlite:test/quick.test.ts',
    ]);
  });

  it('starts files the record does not know first: a new file may be the slowest', () => {
    const specs = [spec('sqlite', 'test/known.test.ts'), spec('sqlite', 'test/new.test.ts')];
    expect(names(slowestFirst(specs, { 'sqlite:test/known.test.ts': 40 }))).toEqual([
      'sqlite:test/new.test.ts',
      'sqlite:test/known.test.ts',
    ]);
  });

  it("reads the same file of another project as a file of its own: each project's duration is its own", () => {
    const specs = [spec('postgres', 'test/x.test.ts'), spec('postgres', 'test/y.test.ts')];
    const durations = { 'sqlite:test/x.test.ts': 99, 'postgres:test/x.test.ts': 1, 'postgres:test/y.test.ts': 2 };
    expect(names(slowestFirst(specs, durations))).toEqual(['postgres:test/y.test.ts', 'postgres:test/x.test.ts']);
  });
});
