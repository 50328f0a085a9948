/**
 * `inboard rules` as users run it, against the local service: a rule added,
 * listed, run on mail as it arrives and named on the card's history; `rules
 * test` explaining a non-match; a rule turned off and removed; bad input
 * refused in words (the server's, exit 1; the command line's, exit 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRules, RulesTested } from '../../src/api/schema-rules.js';
import { rawMail } from '../support/mail.js';
import { ok, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
  await f.client.raw('POST', '/v2/tag', { BoardId: 1, Name: 'Billing', Color: 1 });
});
afterAll(async () => {
  await f.close();
});

async function mailIn(subject: string, from: string): Promise<string> {
  const r = await f.client.raw('POST', '/v2/mail/inbound', {
    BoardId: 1,
    Message: rawMail({ subject, from, messageId: `<${subject.replace(/\W/g, '')}@rules.example>` }).toString('base64'),
  });
  expect(r.status, r.body).toBe(200);
  return String((JSON.parse(r.body) as { data: { CardId: string } }).data.CardId);
}

describe('inboard rules', () => {
  it('adds a rule that tags arriving mail, lists it, and card history names it', async () => {
    const added = ok(
      await f.run([
        'rules',
        'add',
        '--board',
        '1',
        '--name',
        'Billing',
        '--when',
        'from:@acme.com',
        '--then',
        'tag:Billing',
      ]),
    );
    expect(added).toMatch(/Rule \d+ Billing added: from:@acme.com → tag:Billing/);
    const listed = ok(await f.run(['rules', 'list', '--board', '1']));
    expect(listed).toMatch(/Billing\s+from:@acme.com\s+tag:Billing\s+new-thread\s+on/);
    const card = await mailIn('Invoice overdue', 'Jo <jo@acme.com>');
    expect(ok(await f.run(['card', 'history', card]))).toMatch(/rule Billing\s+tagged Billing/);
    expect(ok(await f.run(['card', card]))).toContain('Sorted by rules:\n  rule Billing: tagged Billing\n');
  });

  it('rules test says which term did not match, and what the message had', async () => {
    const card = await mailIn('Hello there', 'Lee <lee@other.example>');
    const said = ok(await f.run(['rules', 'test', card]));
    expect(said).toContain('from:@acme.com did not match (from Lee <lee@other.example>)');
    const t = await f.json<RulesTested>(['rules', 'test', card, '--json']);
    expect(t.Rules[0]).toMatchObject({ Name: 'Billing', Matches: false, Failed: 'from:@acme.com' });
  });

  it('disables, enables and removes a rule by name', async () => {
    expect(ok(await f.run(['rules', 'disable', 'Billing', '--board', '1']))).toBe('Rule Billing off\n');
    const list = await f.json<BoardRules>(['rules', 'list', '--board', '1', '--json']);
    expect(list.Rules[0]).toMatchObject({ Name: 'Billing', Enabled: false });
    expect(ok(await f.run(['rules', 'enable', 'Billing', '--board', '1']))).toBe('Rule Billing on\n');
    expect(ok(await f.run(['rules', 'remove', 'Billing', '--board', '1']))).toBe('Rule Billing removed\n');
  });

  it('bad input: the server says which field (exit 1), the command line what is missing (exit 2)', async () => {
    const bad = await f.run(['rules', 'add', '--board', '1', '--name', 'X', '--when', 'x', '--then', 'move:Nowhere']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Then: move:Nowhere: the board has no column Nowhere.* \(400\)/);
    const missing = await f.run(['rules', 'add', '--board', '1', '--name', 'X']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--when, --then required/);
  });
});
