/**
 * The order test files start in: each project's files together, and within a
 * project the slowest first, by the durations kept in test/durations.json.
 *
 * Why: on 2 cores a run ends when its last file does, so a long file started
 * late leaves the other workers idle at the end. vitest's own order does this
 * only from the record it keeps in node_modules/.vite, which a clean clone
 * (CI, a newcomer) does not have: it then starts the largest files first, and
 * a clean run took about 55 s longer than one with the record
 * (DEVELOPERS.md, "Test time"). The projects stay apart, in vitest's order,
 * because a worker that changes project imports everything again.
 *
 * Files the record does not know (new ones) start first, as vitest does.
 * `npm run test:durations` writes the record again from vitest's own, after a
 * whole run.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** `project:path` → seconds, as test/durations.json keeps them. */
export type Durations = Record<string, number>;

export function readDurations(file: URL): Durations {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Durations;
  } catch {
    // No record (or a damaged one): every file is unknown, and vitest's order applies within a project.
    return {};
  }
}

/** The record's key of a file: its project's name and its path from the root, as vitest keys its own. */
export function durationKey(spec: TestSpecification): string {
  return `${spec.project.name}:${relative(spec.project.config.root, spec.moduleId)}`;
}

/** Sorts in place: project by project in name order, then unknown files, then the slowest first. */
export function slowestFirst(specs: TestSpecification[], durations: Durations): TestSpecification[] {
  const seconds = (spec: TestSpecification) => durations[durationKey(spec)] ?? Number.POSITIVE_INFINITY;
  return specs.sort((a, b) => {
    if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
    const sa = seconds(a);
    const sb = seconds(b);
    return sa === sb ? 0 : sb > sa ? 1 : -1;
  });
}

const RECORD = new URL('../durations.json', import.meta.url);

export class SlowestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve(slowestFirst([...files], readDurations(RECORD)));
  }
}
