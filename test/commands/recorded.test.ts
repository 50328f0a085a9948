/**
 * The scriptable commands, as users run them, against the recorded-shapes
 * fixture: every read works on the real service's shapes, and a card past
 * 2^53, a hex thread and a WhatsApp card are moved, archived and commented
 * exactly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordedService, type RecordedService } from '../support/recorded-service.js';
import { runCli, type Result } from './helpers.js';

const BIG = '9007199254740993';
const HEX = '18c2f3a9b4d5e6f7';
const WAMID = 'wamid-4915112345678-7-1';

let svc: RecordedService;
let dir: string;
let run: (args: string[]) => Promise<Result>;

beforeAll(async () => {
  svc = await startRecordedService();
  dir = mkdtempSync(join(tmpdir(), 'inboard-recorded-'));
  const env = {
    INBOARD_URL: svc.url,
    INBOARD_API_KEY: svc.key,
    INBOARD_DATA_DIR: join(dir, 'd'),
    INBOARD_CONFIG_DIR: join(dir, 'c'),
  };
  run = (args) => runCli(args, env);
});
afterAll(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

const ok = (r: Result): string => {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
};

describe('reads', () => {
  it('boards: members from either form, the unreadable entry said as such', async () => {
    const out = ok(await run(['boards']));
    expect(out).toContain('ana@example.com, ben@example.com');
    expect(out).toContain('unreadable: it has no board id');
    expect(out).toContain('WhatsApp');
  });

  it('columns: label-less columns listed by Id', async () => {
    const out = ok(await run(['columns', '1']));
    expect(out).toMatch(/11\s+New/);
    expect(out).toMatch(/12\s+In progress/);
  });

  it('cards: every id exactly, the unreadable row named', async () => {
    const out = ok(await run(['cards', '1', '--column', 'New']));
    for (const id of ['101', BIG, HEX, '102', '103']) expect(out).toContain(id);
    expect(out).toContain('unreadable: it has no card id');
  });

  it('cards --json prints the big id as the exact string', async () => {
    const out = ok(await run(['cards', '1', '--column', 'New', '--json']));
    expect(out).toContain(`"ServiceTaskId": "${BIG}"`);
    const groups = JSON.parse(out) as { Cards: { ServiceTaskId?: string }[] }[];
    expect(groups[0]?.Cards.map((c) => c.ServiceTaskId)).toContain(BIG);
  });

  it('card: the four fields the server gives, and "not provided" for the rest', async () => {
    const out = ok(await run(['card', BIG]));
    expect(out).toMatch(new RegExp(`Card:\\s+${BIG}`));
    expect(out).toContain('Big id: quarterly export');
    expect(out).toContain('Comments: not provided by this server');
    expect(out).not.toContain('Comments: none');
  });

  it('api prints a body with the big id as the digits the server sent', async () => {
    const out = ok(await run(['api', 'GET', `/v2/card/${BIG}`]));
    expect(out).toContain(`"Id": ${BIG}`);
  });
});

describe('writes reach exactly the card meant', () => {
  it(`moves ${BIG} by column name`, async () => {
    ok(await run(['card', 'move', BIG, '--column', 'Done', '--board', '1']));
    expect(svc.cardIds(13)).toEqual([BIG]);
  });

  it(`archives the hex thread ${HEX}`, async () => {
    ok(await run(['card', 'archive', HEX]));
    expect(svc.archived).toContain(HEX);
  });

  it('comments on the WhatsApp card', async () => {
    ok(await run(['card', 'comment', WAMID, '--body', 'On its way']));
    expect(svc.comments).toContainEqual({ cardId: WAMID, body: 'On its way' });
  });

  it('an id one off a big id is refused by the server as not found, not rounded onto it', async () => {
    const r = await run(['card', 'archive', '9007199254740992']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Card not found');
    expect(svc.archived).not.toContain(BIG);
  });

  it('removing a tag where the server has no PUT tags says it is not offered', async () => {
    const r = await run(['card', 'tag', '101', '--remove', 'Urgent']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('not offered by this server');
  });
});
