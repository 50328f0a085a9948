/**
 * 400 messages a person reads: a position in a list is said as an ordinal
 * ("the 2nd email"), the offending value is quoted (sanitised, clipped), and
 * a top-level field is still named as the API spells it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

async function message(method: string, path: string, body: unknown): Promise<string> {
  const r = await s.call(method, path, { body });
  expect(r.status).toBe(400);
  return String(r.json.message);
}

describe('list positions are ordinals, with the value quoted', () => {
  it('a board member that is no email', async () => {
    expect(await message('POST', '/v2/board', { Name: 'x', Users: ['ana@example.com', 'x'] })).toBe(
      "the 2nd email, 'x', is not an email address",
    );
  });

  it('an assignee that is no email', async () => {
    expect(await message('POST', '/v2/card', { BoardId: 1, ColumnId: 1, CardTitle: 't', Assignee: ['nope'] })).toBe(
      "the 1st assignee, 'nope', is not an email address",
    );
  });

  it('a tag id that is no number', async () => {
    expect(await message('PUT', '/v2/card/1/tags', { TagIds: ['7', 'abc'] })).toBe(
      'the 2nd tag id, \'abc\', must be a numeric id string such as "42"',
    );
  });

  it('ordinals past the first few: 3rd, 11th, 12th, 13th, 21st, 22nd, 23rd', async () => {
    const cases: [number, string][] = [
      [2, '3rd'],
      [10, '11th'],
      [11, '12th'],
      [12, '13th'],
      [20, '21st'],
      [21, '22nd'],
      [22, '23rd'],
    ];
    for (const [i, word] of cases) {
      const users = Array.from({ length: i + 1 }, (_, k) => (k === i ? 'bad' : `u${k}@example.com`));
      expect(await message('POST', '/v2/board', { Name: 'x', Users: users })).toBe(
        `the ${word} email, 'bad', is not an email address`,
      );
    }
  });

  it('a field inside a list entry: the entry, then the field as a word', async () => {
    const steps = [
      { Subject: 'Hi', Days: 0 },
      { Subject: '   ', Days: 1 },
    ];
    expect(await message('POST', '/v2/email-sequence', { Name: 'x', Steps: steps })).toBe(
      "the 2nd step's subject must not be empty",
    );
    expect(await message('POST', '/v2/email-sequence', { Name: 'x', Steps: [{ Days: 1 }] })).toBe(
      "the 1st step's subject is required",
    );
    expect(await message('POST', '/v2/email-sequence', { Name: 'x', Steps: [{ Subject: 'a', Days: 400 }] })).toBe(
      "the 1st step's days, 400, must be at most 365",
    );
    expect(
      await message('POST', '/v2/email-sequence', { Name: 'x', Steps: [{ Subject: 'a', Days: 1, Extra: 1 }] }),
    ).toBe('the 1st step has an unknown field: Extra');
  });

  it('the quoted value is sanitised and clipped', async () => {
    const evil = `\u001b[31mred\u0007${'x'.repeat(200)}`;
    const m = await message('POST', '/v2/board', { Name: 'x', Users: [evil] });
    expect(m).toMatch(/^the 1st email, '.+…', is not an email address$/);
    expect(m).not.toMatch(/[\u0000-\u001f\u007f]/);
    expect(m.length).toBeLessThan(100);
  });
});

describe('top-level fields keep their API names', () => {
  it('as before', async () => {
    expect(await message('POST', '/v2/card', { BoardId: 1, ColumnId: 1, CardTitle: '   ' })).toBe(
      'CardTitle: must not be empty',
    );
    expect(await message('POST', '/v2/card', { BoardId: 1, CardTitle: 'x' })).toBe('ColumnId: is required');
    expect(await message('POST', '/v2/card', { BoardId: 1, ColumnId: 1, CardTitle: 'x', Extra: 1 })).toBe(
      'Extra: unknown field',
    );
  });
});
