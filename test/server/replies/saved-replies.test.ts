/**
 * Saved replies on the service: any member adds one, its author or the
 * board's owner changes or removes it, bad input is refused in words, and a
 * card's view fills the variables (the customer's first name) or names what
 * it could not fill.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../../src/api/schema.js';
import { FilledReply, SavedReply } from '../../../src/api/schema-replies.js';
import { findSavedReply, fillForCard } from '../../../src/server/replies/store.js';
import { deliver, startWorld, type World } from '../waiting/world.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

async function board(world: World, Name: string, Users: string[]): Promise<number> {
  const b = await world.s.call('POST', '/v2/board', { body: { Name, Users } });
  expect(b.status, b.text).toBe(200);
  const id = Number(b.json.data.Id);
  expect((await world.s.call('POST', `/v2/board/${id}/column`, { body: { Name: 'Inbox' } })).status).toBe(200);
  return id;
}

async function add(world: World, boardId: number, Name: string, Text: string, key?: string): Promise<SavedReply> {
  const r = await world.s.call('POST', `/v2/board/${boardId}/saved-replies`, {
    body: { Name, Text },
    ...(key === undefined ? {} : { key }),
  });
  expect(r.status, r.text).toBe(200);
  return envelope(SavedReply).parse(r.json).data;
}

const refusal = async (world: World, method: string, path: string, body?: unknown, key?: string) => {
  const r = await world.s.call(method, path, { ...(body === undefined ? {} : { body }), ...(key ? { key } : {}) });
  return { status: r.status, message: String(r.json?.message) };
};

describe('saved replies', () => {
  it('a member adds one; the board lists it; a card sees it filled with the customer’s first name', async () => {
    w = await startWorld({ demo: false });
    const sam = await w.s.addUser('sam.lee@acme.test');
    await w.s.withSql((db) => db.run("UPDATE users SET name = 'Sam Lee' WHERE email = 'sam.lee@acme.test'"));
    const b = await board(w, 'Support', ['sam.lee@acme.test']);
    const saved = await add(
      w,
      b,
      'Refund done',
      'Hi {{customer.first_name}},\nyour refund for "{{card.title}}" is on its way.\n{{agent.first_name}} at {{board.name}}',
      sam,
    );
    expect(saved).toMatchObject({ Name: 'Refund done', Author: 'sam.lee@acme.test', BoardId: String(b) });

    const listed = await w.s.call('GET', `/v2/board/${b}/saved-replies`);
    expect(
      envelope(z.array(SavedReply))
        .parse(listed.json)
        .data.map((r) => r.Name),
    ).toEqual(['Refund done']);

    const card = await deliver(w, { from: 'Jane Doe <jane@customer.example>', subject: 'Where is my money' }, b);
    const filled = await w.s.call('GET', `/v2/card/${card}/saved-replies`, { key: sam });
    expect(filled.status, filled.text).toBe(200);
    const [one] = envelope(z.array(FilledReply)).parse(filled.json).data;
    expect(one).toEqual({
      Id: saved.Id,
      Name: 'Refund done',
      Text: 'Hi Jane,\nyour refund for "Where is my money" is on its way.\nSam at Support',
      Missing: [],
    });
  });

  it('a customer who gave no name leaves {{customer.first_name}} as written, named as missing', async () => {
    w = await startWorld({ demo: false });
    const b = await board(w, 'Support', []);
    await add(w, b, 'Hello', 'Hi {{ customer.first_name }}, card {{card.id}} ({{customer.email}})');
    const card = await deliver(w, { from: 'nobody@customer.example', subject: 'Hm' }, b);
    const r = await w.s.call('GET', `/v2/card/${card}/saved-replies`);
    const [one] = envelope(z.array(FilledReply)).parse(r.json).data;
    expect(one?.Text).toBe(`Hi {{ customer.first_name }}, card ${card} (nobody@customer.example)`);
    expect(one?.Missing).toEqual(['customer.first_name']);
  });

  it('refuses in words: an unknown variable, a name used twice, 100,000 characters, nothing to change', async () => {
    w = await startWorld({ demo: false });
    const b = await board(w, 'Support', []);
    const path = `/v2/board/${b}/saved-replies`;
    const unknown = await refusal(w, 'POST', path, { Name: 'A', Text: 'Hi {{customer.firstname}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toMatch(
      /^Text: \{\{customer\.firstname\}\} is not a variable \(did you mean \{\{customer\.first_name\}\}\?\)/,
    );

    const first = await add(w, b, 'Refund done', 'Done.');
    const twice = await refusal(w, 'POST', path, { Name: 'refund DONE', Text: 'Again.' });
    expect(twice).toEqual({
      status: 400,
      message: `Name: board ${b} already has a saved reply named "Refund done"; choose another name`,
    });

    const long = await refusal(w, 'POST', path, { Name: 'Long', Text: 'x'.repeat(100_000) });
    expect(long).toEqual({ status: 400, message: 'Text: must be at most 20000 characters' });

    const other = await add(w, b, 'Need order', 'Your order number, please?');
    const renamed = await refusal(w, 'PATCH', `${path}/${other.Id}`, { Name: 'Refund Done' });
    expect(renamed.status).toBe(400);
    expect(renamed.message).toMatch(/already has a saved reply named "Refund done"/);
    const empty = await refusal(w, 'PATCH', `${path}/${first.Id}`, {});
    expect(empty).toEqual({ status: 400, message: 'body: give Name, Text or both' });
    const badPatch = await refusal(w, 'PATCH', `${path}/${first.Id}`, { Text: '{{agent.nam}}' });
    expect(badPatch.message).toMatch(
      /^Text: \{\{agent\.nam\}\} is not a variable \(did you mean \{\{agent\.name\}\}\?\)/,
    );
    const noName = await refusal(w, 'POST', path, { Text: 'x' });
    expect(noName).toEqual({ status: 400, message: 'Name: is required' });

    // Nothing refused was kept, and the listing still says what was.
    const listed = await w.s.call('GET', path);
    expect(
      envelope(z.array(SavedReply))
        .parse(listed.json)
        .data.map((r) => [r.Name, r.Text]),
    ).toEqual([
      ['Need order', 'Your order number, please?'],
      ['Refund done', 'Done.'],
    ]);
  });

  it('its author or the board’s owner changes or removes it; another member may not; strangers see nothing', async () => {
    w = await startWorld({ demo: false });
    const sam = await w.s.addUser('sam@acme.test');
    const kim = await w.s.addUser('kim@acme.test');
    const eve = await w.s.addUser('eve@elsewhere.test');
    const b = await board(w, 'Support', ['sam@acme.test', 'kim@acme.test']);
    const path = `/v2/board/${b}/saved-replies`;
    const mine = await add(w, b, 'On it', "We're on it.", sam);

    const byKim = await refusal(w, 'PATCH', `${path}/${mine.Id}`, { Text: 'Hijacked' }, kim);
    expect(byKim.status).toBe(403);
    expect(byKim.message).toBe(
      `Only the saved reply's author (sam@acme.test) or the board's owner (owner@inboard.local) may change "On it"`,
    );
    expect((await refusal(w, 'DELETE', `${path}/${mine.Id}`, undefined, kim)).status).toBe(403);
    expect((await refusal(w, 'GET', path, undefined, eve)).status).toBe(403);
    expect((await refusal(w, 'POST', path, { Name: 'x', Text: 'y' }, eve)).status).toBe(403);

    const bySam = await w.s.call('PATCH', `${path}/${mine.Id}`, {
      body: { Text: "We're on it, {{customer.name}}." },
      key: sam,
    });
    expect(bySam.status, bySam.text).toBe(200);
    expect(envelope(SavedReply).parse(bySam.json).data).toMatchObject({
      Name: 'On it',
      Text: "We're on it, {{customer.name}}.",
    });

    const byOwner = await w.s.call('PATCH', `${path}/${mine.Id}`, { body: { Name: 'Working on it' } });
    expect(byOwner.status, byOwner.text).toBe(200);
    expect((await w.s.call('DELETE', `${path}/${mine.Id}`)).status).toBe(200);
    const gone = await refusal(w, 'DELETE', `${path}/${mine.Id}`);
    expect(gone).toEqual({ status: 404, message: `Saved reply ${mine.Id} not found on board ${b}` });
  });

  it('server code finds one by board and name and fills it for a card', async () => {
    w = await startWorld({ demo: false });
    const b = await board(w, 'Support', []);
    await add(w, b, 'Thanks', 'Thanks, {{customer.name}} ({{customer.first_name}})!');
    const card = await deliver(w, { from: '"Doe, Jane" <jane@customer.example>', subject: 'Hi' }, b);
    await w.s.withSql(async (db) => {
      const found = await findSavedReply(db, b, 'THANKS');
      expect(found?.name).toBe('Thanks');
      expect(await findSavedReply(db, b, 'nope')).toBeUndefined();
      const owner = await db.get<{ id: number }>('SELECT id FROM users WHERE email = ?', ['owner@inboard.local']);
      const filled = await fillForCard(db, Number(card), Number(owner?.id), found?.text ?? '');
      expect(filled).toEqual({ text: 'Thanks, Doe, Jane (Jane)!', missing: [] });
    });
  });
});
