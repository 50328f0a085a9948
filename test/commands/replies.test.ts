/**
 * `inboard replies` and `inboard card reply ID --saved NAME`, built, against
 * a real service and SMTP relay: a reply saved, listed, sent filled for the
 * card (the customer's first name), edited and removed; an unknown variable
 * refused before anything is sent; a variable with no value refusing the
 * send until --send-unfilled.
 */
import { describe, expect, it } from 'vitest';
import { rawMail } from '../support/mail.js';
import { sendFixture, succeeded } from './send-fixture.js';

const S = sendFixture('replies');

describe('inboard replies', () => {
  it('adds, lists, sends filled for a card, edits and removes a saved reply', async () => {
    const added = succeeded(
      await S.run([
        'replies',
        'add',
        'Refund done',
        '--board',
        'support',
        '--text',
        'Hi {{customer.first_name}}, your refund for "{{card.title}}" is on its way.',
      ]),
    );
    expect(added).toMatch(/^Saved reply "Refund done" saved on board 1 /);
    const file = S.file('need-order.txt', Buffer.from('Could you send us the order number, {{customer.name}}?\n'));
    succeeded(await S.run(['replies', 'add', 'Need order', '--board', '1', '--file', file]));

    const listed = succeeded(await S.run(['replies', 'list', '--board', 'support']));
    expect(listed.split('\n')[0]).toMatch(/^NAME +AUTHOR +TEXT$/);
    expect(listed).toMatch(/Need order +\S+ +Could you send us the order number, \{\{customer\.name\}\}\?/);
    expect(listed).toMatch(/Refund done/);
    const json = JSON.parse(succeeded(await S.run(['replies', 'list', '--board', '1', '--json']))) as {
      Name: string;
    }[];
    expect(json.map((r) => r.Name)).toEqual(['Need order', 'Refund done']);

    const id = await S.mailIn(rawMail({ messageId: '<saved1@customer.example>', subject: 'Refund please' }));
    succeeded(await S.run(['card', 'reply', id, '--saved', 'refund done', '--no-signature']));
    expect((await S.lastSent()).text?.trim()).toBe('Hi Ana, your refund for "Refund please" is on its way.');

    succeeded(await S.run(['replies', 'edit', 'Refund done', '--board', '1', '--name', 'Refunded']));
    succeeded(await S.run(['replies', 'edit', 'refunded', '--board', '1', '--text', 'Refunded, {{agent.email}}.']));
    const after = (await S.client.listSavedReplies(1)).find((r) => r.Name === 'Refunded');
    expect(after?.Text).toBe('Refunded, {{agent.email}}.');
    expect(succeeded(await S.run(['replies', 'remove', 'Refunded', '--board', '1']))).toMatch(/"Refunded" removed/);
    expect((await S.client.listSavedReplies(1)).map((r) => r.Name)).toEqual(['Need order']);
  });

  it('refuses in words: an unknown variable (nothing sent), a name used twice (the service’s words), no such reply', async () => {
    const bad = await S.run(['replies', 'add', 'Oops', '--board', '1', '--text', 'Hi {{customer.firstname}}']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('{{customer.firstname}} is not a variable (did you mean {{customer.first_name}}?)');
    expect(bad.stderr).toContain('the reply was not saved');

    succeeded(await S.run(['replies', 'add', 'Twice', '--board', '1', '--text', 'One']));
    const twice = await S.run(['replies', 'add', 'twice', '--board', '1', '--text', 'Two']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe(
      'inboard: Name: board 1 already has a saved reply named "Twice"; choose another name (400)\n',
    );
    const none = await S.run(['replies', 'remove', 'Nope', '--board', '1']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^inboard: board 1 has no saved reply named "Nope": it has .*"Twice"/);
    const long = await S.run(['replies', 'add', 'Long', '--board', '1', '--text', 'x'.repeat(100_000)]);
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('the text is 100,000 characters, at most 20,000; the reply was not saved');
  });

  it('a variable with no value for the card refuses the send, naming it, until --send-unfilled', async () => {
    await S.client.addSavedReply(1, { Name: 'Greeting', Text: 'Hello {{customer.first_name}}, thanks for writing.' });
    const id = await S.mailIn(rawMail({ messageId: '<saved2@customer.example>', from: 'noname@customer.example' }));
    const before = S.relay.received.length;
    const refused = await S.run(['card', 'reply', id, '--saved', 'Greeting']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `inboard: saved reply "Greeting" has no value for {{customer.first_name}} on card ${id}; nothing was sent (--send-unfilled sends it with {{customer.first_name}} as written)\n`,
    );
    expect(S.relay.received.length).toBe(before);
    succeeded(await S.run(['card', 'reply', id, '--saved', 'Greeting', '--send-unfilled', '--no-signature']));
    expect((await S.lastSent()).text?.trim()).toBe('Hello {{customer.first_name}}, thanks for writing.');
  });
});
