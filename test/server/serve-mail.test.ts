/** `inboard serve --smtp/--from` as a user runs it: settings checked at start, in words; then replies go out. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rawMail, startRelay } from '../support/mail.js';
import { runNode } from '../support/recording-server.js';
import { callAt } from './helpers.js';
import { CLI, exited, spawnServe } from './process.js';

const KEY = 'serve-mail-test-key-0123456789';

const dir = mkdtempSync(join(tmpdir(), 'inboard-serve-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inboard serve --smtp --from', () => {
  it('refuses settings that cannot work, before starting, and never echoes the password', async () => {
    const db = ['--db', join(dir, 'x.db'), '--port', '0'];
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--smtp', 'smtp://u:pw@relay.example:587'], {}, /--smtp needs --from \(or INBOARD_MAIL_FROM\)/],
      [['--from', 'support@example.com'], {}, /--from needs --smtp \(or INBOARD_SMTP_URL\)/],
      [
        ['--smtp', 'http://relay.example', '--from', 'a@b.example'],
        {},
        /must start with smtp:\/\/ or smtps:\/\/, not http:\/\//,
      ],
      [
        ['--smtp', 'smtp://u:pw@relay.example', '--from', 'support'],
        {},
        /the From address 'support' is not an email address/,
      ],
      [[], { INBOARD_SMTP_URL: 'not a url', INBOARD_MAIL_FROM: 'a@b.example' }, /the SMTP URL is not a URL/],
    ];
    for (const [args, env, words] of cases) {
      const r = await runNode([CLI, 'serve', ...db, ...args], env);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(words);
      expect(r.stderr).not.toContain('pw@');
    }
  });

  it('with a relay from the environment, a reply goes out; stderr names the relay without its password', async () => {
    const relay = await startRelay({ user: 'inboard', pass: 'hunter2-secret' });
    // --send-delay 0: sent at once (the outbox's delay has its own suite, mail-outbox.test.ts).
    const child = await spawnServe(['--db', join(dir, 'ok.db'), '--demo', '--send-delay', '0'], {
      INBOARD_API_KEY: KEY,
      INBOARD_SMTP_URL: relay.url,
      INBOARD_MAIL_FROM: 'Support <support@inboard.example>',
    });
    try {
      const card = await callAt(child.url, KEY, 'POST', '/v2/mail/inbound', {
        body: { BoardId: 1, Message: rawMail({ messageId: '<s1@customer.example>' }).toString('base64') },
      });
      const r = await callAt(child.url, KEY, 'POST', `/v2/card/${card.json.data.CardId}/reply`, {
        body: { Body: 'Hi Ana' },
      });
      expect(r.status, r.text).toBe(200);
      expect(relay.received).toHaveLength(1);
      expect(child.stderr()).toMatch(/replies from Support <support@inboard\.example> through 127\.0\.0\.1:\d+/);
      expect(child.stderr()).not.toContain('hunter2');
      expect(child.stderr()).toContain('replies sent at once (--send-delay 0: no taking back)');
    } finally {
      child.proc.kill('SIGTERM');
      await exited(child.proc);
      await relay.close();
    }
  });
});
