/**
 * The scriptable commands, as users run them, against the recorded-shapes
 * fixture: every read works on the real service's shapes, and a card past
 * 2^53, a hex thread and a WhatsApp card are moved, archived and commented
 * exactly.
 */
import { describe, expect, it } from 'vitest';
import { startRecordedService } from '../support/recorded-service.js';
import { cliAgainst, ok } from './helpers.js';

const BIG = '9007199254740993';
const HEX = '18c2f3a9b4d5e6f7';
const WAMID = 'wamid-4915112345678-7-1';

const cli = cliAgainst(startRecordedService, 'recorded');
const run = cli.run;

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
    expect(cli.svc().cardIds(13)).toEqual([BIG]);
  });

  it(`archives the hex thread ${HEX}`, async () => {
    ok(await run(['card', 'archive', HEX]));
    expect(cli.svc().archived).toContain(HEX);
  });

  it('comments on the WhatsApp card', async () => {
    ok(await run(['card', 'comment', WAMID, '--body', 'On its way']));
    expect(cli.svc().comments).toContainEqual({ cardId: WAMID, body: 'On its way' });
  });

  it('an id one off a big id is refused by the server as not found, not rounded onto it', async () => {
    const r = await run(['card', 'archive', '9007199254740992']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Card not found');
    expect(cli.svc().archived).not.toContain(BIG);
  });

  it('removing a tag where the server has no PUT tags says it is not offered', async () => {
    const r = await run(['card', 'tag', '101', '--remove', 'Urgent']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('not offered by this server');
  });
});
