/**
 * A board's rules: saved with every bad input refused in words, run on mail
 * as it arrives (once per message), told on the card's history by name,
 * tried on a card by `GET /v2/card/:id/rules`, and disabled with the reason
 * when what they name is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../../../src/api/schema.js';
import { HistoryEntry } from '../../../src/api/schema-history.js';
import { InboundMailData } from '../../../src/api/schema-mail.js';
import { BoardRules, Rule, RulesTested } from '../../../src/api/schema-rules.js';
import { multipartMail, rawMail, type RawMail } from '../../support/mail.js';
import { startTestService, type TestService } from '../helpers.js';
import { z } from 'zod';

let s: TestService;
let board: number;
let sam: string;
const columns: Record<string, number> = {};
const tags: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestService({ demo: false });
  sam = await s.addUser('sam@team.test');
  await s.addUser('kim@team.test');
  const b = await s.call('POST', '/v2/board', { body: { Name: 'Help', Users: ['sam@team.test', 'kim@team.test'] } });
  expect(b.status, b.text).toBe(200);
  board = Number(b.json.data.Id);
  for (const Name of ['New', 'Billing', 'Spam', 'Done'])
    expect((await s.call('POST', `/v2/board/${board}/column`, { body: { Name } })).status).toBe(200);
  for (const c of (await s.call('GET', `/v2/board/${board}/columns`)).json.data as { Id: number; Name: string }[])
    columns[c.Name] = c.Id;
  for (const Name of ['Billing', 'Spam', 'Acme', 'Later']) {
    const t = await s.call('POST', '/v2/tag', { body: { BoardId: board, Name, Color: 1 } });
    expect(t.status, t.text).toBe(200);
    tags[Name] = Number(t.json.data.Id);
  }
});
afterAll(() => s.close());

const addRule = (body: object, key?: string) =>
  s.call('POST', `/v2/board/${board}/rules`, { body, ...(key === undefined ? {} : { key }) });
const added = async (body: object) => {
  const r = await addRule(body);
  expect(r.status, r.text).toBe(200);
  return envelope(Rule).parse(r.json).data;
};
const list = async () => envelope(BoardRules).parse((await s.call('GET', `/v2/board/${board}/rules`)).json).data;
const remove = async (id: string) =>
  expect((await s.call('DELETE', `/v2/board/${board}/rules/${id}`)).status).toBe(200);

const mail = async (m: RawMail | Buffer) => {
  const raw = Buffer.isBuffer(m) ? m : rawMail(m);
  const r = await s.call('POST', '/v2/mail/inbound', { body: { BoardId: board, Message: raw.toString('base64') } });
  expect(r.status, r.text).toBe(200);
  return envelope(InboundMailData).parse(r.json).data;
};
const tagsOf = (cardId: string) =>
  s.withSql(async (db) =>
    (
      await db.all<{ name: string }>(
        'SELECT t.name FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.card_id = ? ORDER BY t.name',
        [Number(cardId)],
      )
    ).map((r) => r.name),
  );
const assigneesOf = (cardId: string) =>
  s.withSql(async (db) =>
    (await db.all<{ email: string }>('SELECT email FROM card_assignees WHERE card_id = ?', [Number(cardId)])).map(
      (r) => r.email,
    ),
  );
const columnOf = (cardId: string) =>
  s.withSql(async (db) =>
    Number(
      (await db.get<{ column_id: number }>('SELECT column_id FROM cards WHERE id = ?', [Number(cardId)]))?.column_id,
    ),
  );
const history = async (cardId: string) => {
  const r = await s.call('GET', `/v2/card/${cardId}/history`);
  expect(r.status, r.text).toBe(200);
  return envelope(z.array(HistoryEntry)).parse(r.json).data;
};

describe('saving a rule: bad input in words, never a 500', () => {
  it.each([
    [{ Name: 'Q', When: 'refund "open', Then: 'tag:Billing' }, /^When: an unbalanced quote/],
    [{ Name: 'Q', When: 'waiting:>2h', Then: 'tag:Billing' }, /^When: waiting: is not known when mail arrives/],
    [{ Name: 'Q', When: 'refund', Then: 'move:Nowhere' }, /^Then: move:Nowhere: the board has no column Nowhere/],
    [{ Name: 'Q', When: 'refund', Then: 'tag:Missing' }, /^Then: tag:Missing: the board has no tag Missing/],
    [{ Name: 'Q', When: 'refund', Then: 'assign:who@else.test' }, /^Then: assign:who@else.test: .* not a member/],
    [{ Name: 'Q', When: 'refund', Then: 'explode' }, /^Then: explode is not an action/],
    [{ Name: 'Q', When: 'refund', Then: 'stop, tag:Billing' }, /^Then: stop goes last/],
    [{ Name: 'Q', When: 'refund', Then: 'snooze:yesterday' }, /^Then: snooze:yesterday: /],
    [{ Name: 'Q', When: 'refund', Then: 'reply:Thanks' }, /^Then: reply:Thanks: the board has no saved reply Thanks/],
    [{ Name: '', When: 'refund', Then: 'tag:Billing' }, /^Name: must not be empty/],
    [{ Name: 'Q', When: 'refund', Then: 'tag:Billing', On: 'sometimes' }, /^On: /],
  ])('%j is refused', async (body, words) => {
    const r = await addRule(body);
    expect(r.status, r.text).toBe(400);
    expect(r.json.message).toMatch(words);
  });

  it('a name used twice (whatever its case) and two rules moving the same mail back and forth are refused', async () => {
    const a = await added({ Name: 'Invoices', When: 'invoice', Then: 'move:Billing' });
    const twice = await addRule({ Name: 'INVOICES', When: 'parcel', Then: 'tag:Billing' });
    expect(twice.status).toBe(400);
    expect(twice.json.message).toMatch(/^Name: the board has a rule named INVOICES already/);
    const loop = await addRule({ Name: 'Back', When: 'invoice', Then: 'move:Done' });
    expect(loop.status).toBe(400);
    expect(loop.json.message).toMatch(/rule Invoices moves the same mail to Billing; the card would go back and forth/);
    await remove(a.Id);
  });

  it("only the board's owner adds rules", async () => {
    const r = await addRule({ Name: 'Mine', When: 'x', Then: 'tag:Billing' }, sam);
    expect(r.status).toBe(403);
    expect(r.json.message).toMatch(/Only the board's owner/);
  });
});

describe('rules on arriving mail', () => {
  it('a from: domain rule tags, assigns and moves a new thread, and the history says which rule did it', async () => {
    const rule = await added({
      Name: 'Acme',
      When: 'from:@acme.com',
      Then: 'tag:Acme, assign:sam@team.test, move:Billing',
    });
    const hit = await mail({ from: 'Jo <jo@acme.com>', subject: 'Invoice question', messageId: '<a1@acme.com>' });
    const miss = await mail({ from: 'Jo <jo@acme.com.evil.test>', subject: 'Hello', messageId: '<a2@evil.test>' });
    expect(await tagsOf(hit.CardId)).toEqual(['Acme']);
    expect(await assigneesOf(hit.CardId)).toEqual(['sam@team.test']);
    expect(await columnOf(hit.CardId)).toBe(columns.Billing);
    expect(await tagsOf(miss.CardId)).toEqual([]);
    const h = await history(hit.CardId);
    const why = h.find((e) => e.Kind === 'rule');
    expect(why).toMatchObject({
      By: 'rule Acme',
      Added: ['tagged Acme', 'assigned sam@team.test', 'moved it to Billing'],
    });
    // Told once: not again as the sender's own tagging.
    expect(h.filter((e) => e.Kind === 'tagged')).toEqual([]);
    await remove(rule.Id);
  });

  it('the same message delivered twice runs the rules once; an answer runs only every-message rules', async () => {
    const once = await added({ Name: 'Once', When: 'refund', Then: 'assign:round-robin', On: 'new-thread' });
    const every = await added({ Name: 'Every', When: 'refund', Then: 'tag:Billing', On: 'every-message' });
    const first = await mail({ subject: 'Refund please', messageId: '<r1@c.test>' });
    const again = await mail({ subject: 'Refund please', messageId: '<r1@c.test>' });
    expect(again).toMatchObject({ Duplicate: true, CardId: first.CardId });
    expect(await assigneesOf(first.CardId)).toHaveLength(1);
    await s.withSql((db) => db.run('DELETE FROM card_tags WHERE card_id = ?', [Number(first.CardId)]));
    await mail({ subject: 'Re: Refund please', messageId: '<r2@c.test>', inReplyTo: '<r1@c.test>' });
    expect(await tagsOf(first.CardId)).toEqual(['Billing']);
    expect(await assigneesOf(first.CardId)).toHaveLength(1);
    await remove(once.Id);
    await remove(every.Id);
  });

  it('header: and has:attachment match, stop ends the run, and archive and read act', async () => {
    const spam = await added({ Name: 'Spam', When: 'header:X-Spam-Flag:YES', Then: 'tag:Spam, read, archive, stop' });
    const after = await added({ Name: 'After', When: 'header:X-Spam-Flag:YES', Then: 'tag:Later' });
    const files = await added({ Name: 'Files', When: 'has:attachment', Then: 'tag:Billing' });
    const flagged = await mail({ subject: 'Cheap', messageId: '<s1@x.test>', headers: ['X-Spam-Flag: yes'] });
    const clean = await mail({ subject: 'Fine', messageId: '<s2@x.test>', headers: ['X-Spam-Flag: NO'] });
    const attached = await mail(multipartMail({ subject: 'Scan', messageId: '<f1@x.test>' }));
    expect(await tagsOf(flagged.CardId)).toEqual(['Spam']);
    const state = await s.withSql((db) =>
      db.get<{ archived: number; read_status: number }>('SELECT archived, read_status FROM cards WHERE id = ?', [
        Number(flagged.CardId),
      ]),
    );
    expect(state).toEqual({ archived: 1, read_status: 1 });
    expect(await tagsOf(clean.CardId)).toEqual([]);
    expect(await tagsOf(attached.CardId)).toEqual(['Billing']);
    for (const r of [spam, after, files]) await remove(r.Id);
  });

  it('a rule whose tag was deleted is disabled with the reason, listed, and cannot be turned on again', async () => {
    const t = await s.call('POST', '/v2/tag', { body: { BoardId: board, Name: 'Gone', Color: 2 } });
    const rule = await added({ Name: 'Goner', When: 'gone', Then: 'tag:Gone' });
    expect((await s.call('DELETE', `/v2/tag?BoardId=${board}&TagId=${t.json.data.Id}`)).status).toBe(200);
    expect((await list()).Rules.find((r) => r.Id === rule.Id)?.Problem).toMatch(/the board has no tag Gone/);
    const m = await mail({ subject: 'Gone missing', messageId: '<g1@c.test>' });
    const listed = (await list()).Rules.find((r) => r.Id === rule.Id);
    expect(listed).toMatchObject({
      Enabled: false,
      DisabledReason: expect.stringMatching(/the board has no tag Gone/),
    });
    expect((await history(m.CardId)).find((e) => e.Kind === 'rule')?.Added[0]).toMatch(/^matched but was disabled: /);
    const on = await s.call('PATCH', `/v2/board/${board}/rules/${rule.Id}`, { body: { Enabled: true } });
    expect(on.status).toBe(400);
    expect(on.json.message).toMatch(/^Enabled: rule Goner cannot run: Then: tag:Gone/);
    await remove(rule.Id);
  });
});

describe('rules test', () => {
  it("says for each rule whether it matches the card's message, and which term did not", async () => {
    const a = await added({ Name: 'From acme', When: 'from:@acme.com invoice', Then: 'tag:Acme' });
    const b = await added({ Name: 'Invoices', When: 'invoice', Then: 'tag:Billing' });
    const off = await s.call('PATCH', `/v2/board/${board}/rules/${b.Id}`, { body: { Enabled: false } });
    expect(off.status).toBe(200);
    const m = await mail({ from: 'Lee <lee@other.test>', subject: 'Invoice 7', messageId: '<t1@other.test>' });
    const r = await s.call('GET', `/v2/card/${m.CardId}/rules`);
    expect(r.status, r.text).toBe(200);
    const tested = envelope(RulesTested).parse(r.json).data;
    expect(tested.Message).toBe('from Lee <lee@other.test>: Invoice 7');
    expect(tested.Rules).toEqual([
      expect.objectContaining({
        Name: 'From acme',
        Matches: false,
        Failed: 'from:@acme.com',
        Saw: 'from Lee <lee@other.test>',
      }),
      expect.objectContaining({ Name: 'Invoices', Matches: true, Failed: null, Enabled: false, Problem: 'turned off' }),
    ]);
    await remove(a.Id);
    await remove(b.Id);
  });
});

describe('round-robin', () => {
  it('takes turns among the members who take work; one away is skipped', async () => {
    const rule = await added({ Name: 'Turns', When: 'turns', Then: 'assign:round-robin' });
    const away = await s.call('PUT', `/v2/board/${board}/rules/away`, { body: { Away: true }, key: sam });
    expect(away.status, away.text).toBe(200);
    expect(envelope(BoardRules).parse(away.json).data.Away).toEqual(['sam@team.test']);
    const who: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const m = await mail({ subject: `turns ${n}`, messageId: `<rr${n}@c.test>` });
      who.push(...(await assigneesOf(m.CardId)));
    }
    expect(who.filter((e) => e === 'sam@team.test')).toEqual([]);
    expect(new Set(who).size).toBe(2);
    expect(who[0]).not.toBe(who[1]);
    expect(who[0]).toBe(who[2]);
    expect((await s.call('PUT', `/v2/board/${board}/rules/away`, { body: { Away: false }, key: sam })).status).toBe(
      200,
    );
    await remove(rule.Id);
  });
});
