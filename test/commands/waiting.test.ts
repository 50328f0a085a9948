/**
 * `inboard card snooze|unsnooze`, `inboard snoozed` and `inboard board sla`
 * as users run them, against the local service: each change read back from
 * the server; bad input refused before anything is sent (exit 2) or in the
 * server's words (exit 1), nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnreadable } from '../../src/api/read-model.js';
import type { BoardTargets } from '../../src/api/schema-waiting.js';
import { ok, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

async function someCard(): Promise<string> {
  const [col] = await f.client.listColumns(1);
  const rows = await f.client.listCards(1, col?.Id ?? 1, 1, 5);
  const card = rows.find((r) => !isUnreadable(r));
  if (card === undefined || isUnreadable(card)) throw new Error('the demo board has no card');
  return card.ServiceTaskId;
}

describe('inboard card snooze', () => {
  it('snoozes until words or an ISO time; snoozed lists it; unsnooze brings it back', async () => {
    const id = await someCard();
    const said = ok(await f.run(['card', 'snooze', id, '--until', '+2d']));
    expect(said).toMatch(new RegExp(`^Card ${id} snoozed until `));
    const listed = await f.json<{ ServiceTaskId: string; Snoozed: { Until: string } }[]>(['snoozed', '1', '--json']);
    const row = listed.find((c) => String(c.ServiceTaskId) === id);
    expect(row).toBeDefined();
    expect(Date.parse(row?.Snoozed.Until ?? '') - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(ok(await f.run(['snoozed', '--board', '1']))).toMatch(/1 snoozed card/);
    expect(ok(await f.run(['card', 'unsnooze', id]))).toBe(`Card ${id} is back on its column\n`);
    expect(await f.json<unknown[]>(['snoozed', '1', '--json'])).toEqual([]);
  });

  it('takes an ISO 8601 time as given', async () => {
    const id = await someCard();
    const iso = new Date(Date.now() + 3_600_000).toISOString();
    const card = await f.json<{ Snoozed: { Until: string } }>(['card', 'snooze', id, '--until', iso, '--json']);
    expect(card.Snoozed.Until).toBe(iso);
    ok(await f.run(['card', 'unsnooze', id]));
  });

  it('refuses in words: no term, a time passed (exit 2); until reply on a card without email (exit 1, the server’s words)', async () => {
    const id = await someCard();
    const none = await f.run(['card', 'snooze', id]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('say until when: --until WHEN, --until-reply, or both');
    const past = await f.run(['card', 'snooze', id, '--until', '2020-01-01T00:00:00Z']);
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('which has passed');
    const created = await f.json<{ taskId: string }>([
      'card',
      'create',
      '--board',
      '1',
      '--column',
      '1',
      '--title',
      'No thread here',
      '--json',
    ]);
    const noThread = await f.run(['card', 'snooze', String(created.taskId), '--until-reply']);
    expect(noThread.code).toBe(1);
    expect(noThread.stderr).toContain('has no email thread');
    expect(await f.json<unknown[]>(['snoozed', '1', '--json'])).toEqual([]);
  });
});

describe('inboard board sla', () => {
  it('sets, shows and clears a board’s response targets', async () => {
    const said = ok(
      await f.run([
        'board',
        'sla',
        '1',
        '--first-response',
        '4h',
        '--next-response',
        '1h30m',
        '--hours',
        'mon-fri 9-17',
        '--zone',
        'Europe/Berlin',
      ]),
    );
    expect(said).toContain('first response 4h, next response 1h30m, Mon-Fri 09:00-17:00 Europe/Berlin');
    const shown = await f.json<BoardTargets>(['board', 'sla', '1', '--json']);
    expect(shown).toEqual({
      BoardId: 1,
      FirstResponseSeconds: 14400,
      NextResponseSeconds: 5400,
      Hours: 'Mon-Fri 09:00-17:00',
      Zone: 'Europe/Berlin',
    });
    expect(ok(await f.run(['board', 'sla', '1', '--clear']))).toContain('no response targets');
  });

  it('a target of 0, hours that don’t parse, a zone that doesn’t exist: refused by name (exit 2), nothing changed', async () => {
    const zero = await f.run(['board', 'sla', '1', '--first-response', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--first-response:');
    const hours = await f.run(['board', 'sla', '1', '--first-response', '4h', '--hours', 'weekdays']);
    expect(hours.code).toBe(2);
    expect(hours.stderr).toContain('--hours:');
    const zone = await f.run(['board', 'sla', '1', '--first-response', '4h', '--zone', 'Mars/Olympus']);
    expect(zone.code).toBe(2);
    expect(zone.stderr).toContain('Mars/Olympus');
    expect((await f.json<BoardTargets>(['board', 'sla', '1', '--json'])).FirstResponseSeconds).toBeNull();
  });
});
