/**
 * A board's rules on mail from its watched mailbox (a real Dovecot): a
 * message appended to the folder is imported, tagged and moved by a from:
 * rule, and the card's history names the rule — the same delivery as
 * mail-in's (server/mail/deliver.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawMail } from '../../../support/mail.js';
import { SUPPORT, startWatched, until, type World } from './world.js';

let w: World;
let box: number;
beforeAll(async () => {
  ({ w, box } = await startWatched());
  const tag = await w.s.call('POST', '/v2/tag', { body: { BoardId: w.boardId, Name: 'Acme', Color: 1 } });
  expect(tag.status, tag.text).toBe(200);
  const rule = await w.s.call('POST', `/v2/board/${w.boardId}/rules`, {
    body: { Name: 'Acme', When: 'from:@acme.example', Then: 'tag:Acme, move:Doing' },
  });
  expect(rule.status, rule.text).toBe(200);
}, 60_000);
afterAll(() => w.close());

describe('rules on a watched mailbox', () => {
  it('tag and move a message as it is imported, and the history says which rule', async () => {
    const done = await w.imap.append(
      SUPPORT,
      rawMail({ from: 'Kai <kai@acme.example>', subject: 'Broken hinge', messageId: '<hinge@acme.example>' }),
    );
    await until(async () => (await w.mailbox(box)).last_uid >= done.uid, `uid ${done.uid} imported`);
    const card = (await w.cards()).find((c) => c.title === 'Broken hinge');
    if (card === undefined) throw new Error('not imported');
    const history = await w.s.call('GET', `/v2/card/${card.id}/history`);
    const entries = history.json.data as { Kind: string; By: string; Added: string[]; Via: string | null }[];
    expect(entries.find((e) => e.Kind === 'created')?.Via).toBe('mailbox');
    expect(entries.find((e) => e.Kind === 'rule')).toMatchObject({
      By: 'rule Acme',
      Added: ['tagged Acme', 'moved it to Doing'],
    });
    const column = await w.s.withSql((db) =>
      db.get<{ name: string }>('SELECT col.name FROM cards c JOIN columns col ON col.id = c.column_id WHERE c.id = ?', [
        card.id,
      ]),
    );
    expect(column?.name).toBe('Doing');
  });
});
