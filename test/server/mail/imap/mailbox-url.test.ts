import { describe, expect, it } from 'vitest';
import { BadMailboxUrl, parseServerUrl, redact, urlOf } from '../../../../src/server/mail/imap/mailbox-url.js';

describe('mailbox URLs', () => {
  it('read user, password, host, port, folder and TLS as a person writes them', () => {
    const a = parseServerUrl('imaps://support%40acme.test:p%40ss%3Aw0rd@imap.acme.test/Support/Inbox', 'imap');
    expect(a).toEqual({
      protocol: 'imaps',
      host: 'imap.acme.test',
      port: 993,
      secure: true,
      requireTls: false,
      user: 'support@acme.test',
      password: 'p@ss:w0rd',
      folder: 'Support/Inbox',
    });
    expect(urlOf(a)).toBe('imaps://support%40acme.test@imap.acme.test:993/Support/Inbox');
    expect(parseServerUrl('imap://u@mail.example', 'imap')).toMatchObject({
      port: 143,
      folder: 'INBOX',
      requireTls: true,
    });
    expect(parseServerUrl('imap://u@127.0.0.1:1143', 'imap')).toMatchObject({ port: 1143, requireTls: false });
    expect(parseServerUrl('smtp://u@smtp.example', 'smtp')).toMatchObject({
      port: 587,
      secure: false,
      requireTls: true,
    });
    expect(parseServerUrl('smtps://u@smtp.example', 'smtp')).toMatchObject({ port: 465, secure: true });
  });

  it('read an SMTP URL without a user as no login, plain text still only on loopback', () => {
    const local = parseServerUrl('smtp://127.0.0.1:25', 'smtp');
    expect(local).toMatchObject({ user: '', password: undefined, port: 25, requireTls: false });
    expect(urlOf(local)).toBe('smtp://127.0.0.1:25');
    expect(parseServerUrl(urlOf(local), 'smtp')).toMatchObject({ user: '', host: '127.0.0.1', port: 25 });
    expect(parseServerUrl('smtp://relay.example:25', 'smtp')).toMatchObject({ user: '', requireTls: true });
  });

  it('refuse what cannot work, in words, never repeating the password', () => {
    const cases: [string, 'imap' | 'smtp', RegExp][] = [
      ['not a url', 'imap', /is not a URL: write it as imaps:\/\//],
      ['http://u@h', 'imap', /must start with imap:\/\/ or imaps:\/\/, not http:\/\//],
      ['imap://h.example', 'imap', /names no user/],
      ['smtp://u@h/INBOX', 'smtp', /an SMTP URL has no folder/],
      ['smtp://:secret@h', 'smtp', /has a password but no user/],
      ['imaps://h.example/INBOX', 'imap', /names no user/],
      ['imap://u:secret@h/%E0%A4%A', 'imap', /folder in the URL is not percent-encoded correctly/],
    ];
    for (const [text, kind, words] of cases) {
      let err: unknown;
      try {
        parseServerUrl(text, kind);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(BadMailboxUrl);
      expect((err as Error).message).toMatch(words);
      expect((err as Error).message).not.toContain('secret');
    }
    expect(redact('imaps://user:hunter2@h/INBOX')).toBe('imaps://user:***@h/INBOX');
  });
});
