/**
 * `inboard board signature`, built, against a real service: set, shown,
 * filled in under a reply, cleared; an unknown variable refused before
 * anything is sent; a member refused in the service's words. And a file name
 * only the service can judge, refused in its words.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUserKey } from '../../src/server/auth.js';
import { openSqlite } from '../../src/server/sql/sqlite.js';
import { rawMail } from '../support/mail.js';
import { sendFixture, succeeded } from './send-fixture.js';

const S = sendFixture('send-signature');

describe('inboard board signature', () => {
  const SIGNATURE = '{{agent.first_name}} at {{board.name}}';

  it('sets and shows it, and a reply carries it filled in', async () => {
    expect(succeeded(await S.run(['board', 'signature', 'support']))).toMatch(/^Board 1 .* has no signature\n$/);
    const set = succeeded(
      await S.run(['board', 'signature', 'support', '--text', '{{agent.first_name}} at {{board.name}}']),
    );
    expect(set).toMatch(/signature is now:\n {4}\{\{agent\.first_name\}\} at \{\{board\.name\}\}\n$/);
    expect(await S.client.getBoardSignature(1)).toEqual({
      BoardId: '1',
      Text: '{{agent.first_name}} at {{board.name}}',
    });
    const shown = await S.run(['board', 'signature', '1', '--json']);
    expect(JSON.parse(succeeded(shown))).toEqual({ BoardId: '1', Text: '{{agent.first_name}} at {{board.name}}' });

    const id = await S.mailIn(rawMail({ messageId: '<bsig@customer.example>' }));
    succeeded(await S.run(['card', 'reply', id, '--body', 'With the board’s.']));
    expect((await S.lastSent()).text).toMatch(/-- \n.* at Support Inbox/);
  });

  it('an unknown variable is refused in words, nothing changed; --file sets it, --clear removes it', async () => {
    await S.client.setBoardSignature(1, SIGNATURE);
    const bad = await S.run(['board', 'signature', 'support', '--text', 'Cheers, {{agent.nam}}']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('{{agent.nam}} is not a variable (did you mean {{agent.name}}?)');
    expect((await S.client.getBoardSignature(1)).Text).toBe(SIGNATURE);

    const sigFile = S.file('signature.txt', Buffer.from('The support team\n'));
    expect(succeeded(await S.run(['board', 'signature', '1', '--file', sigFile]))).toContain('The support team');
    expect(succeeded(await S.run(['board', 'signature', '1', '--clear']))).toMatch(/has no signature now\n$/);
    expect((await S.client.getBoardSignature(1)).Text).toBeNull();
  });
});

describe('what only the service can judge, in its words', () => {
  it('a member setting the board’s signature is refused (exit 1) and may still read it', async () => {
    const db = openSqlite(join(S.dir, 'x.db'));
    const key = await createUserKey(db, { email: 'member@inboard.example', plan: 'pro' }).finally(() => db.close());
    const board = await S.client.getBoard(1);
    await S.client.updateBoard(1, { users: [...board.Users, 'member@inboard.example'] });
    const r = await S.run(['board', 'signature', '1', '--text', 'Mine'], { env: { INBOARD_API_KEY: key } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^inboard: Only the board's owner \(.+\) may set its signature on board 1 \(403\)\n$/);
    expect((await S.run(['board', 'signature', '1'], { env: { INBOARD_API_KEY: key } })).code).toBe(0);
  });

  it('a file whose name hides its type (U+202E) is refused by name, nothing sent', async () => {
    const id = await S.mailIn(rawMail({ messageId: '<bidi@customer.example>' }));
    const hostile = S.file('invoice\u202efdp.exe', Buffer.from('MZ'));
    const before = S.relay.received.length;
    const r = await S.run(['card', 'reply', id, '--body', 'See attached.', '--attach', hostile]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "Attachments: the 1st file's name, 'invoice<U+202E>fdp.exe', has a character that reverses the text",
    );
    expect(r.stderr).not.toContain('\u202e');
    expect(S.relay.received.length).toBe(before);
  });
});
