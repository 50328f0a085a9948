/** A message a machine sent is marked in the thread, in yellow, before its text; a person's is not. */
import { describe, expect, it } from 'vitest';
import type { CardMessage } from '../../src/api/schema-mail.js';
import { threadLines } from '../../src/ui/thread-lines.js';

const message = (over: Partial<CardMessage>): CardMessage => ({
  MessageId: '<m@x>',
  Direction: 'in',
  From: 'Mail Delivery System <MAILER-DAEMON@mx.example>',
  To: ['support@acme.test'],
  Cc: [],
  ReplyTo: null,
  Date: '2026-11-27T10:00:00.000Z',
  Subject: 'Undelivered Mail Returned to Sender',
  Text: 'Your message could not be delivered.',
  Html: null,
  Attachments: [],
  InReplyTo: null,
  References: [],
  CreatedAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

const lines = (m: CardMessage) =>
  threadLines(
    {
      entry: { messages: [m], loading: false, error: null, sent: [], at: 0 },
      notOffered: false,
      sending: [],
      unfolded: false,
      newestFirst: false,
      unfoldKey: 'z',
    },
    80,
  );

describe('the thread', () => {
  it('says a message was sent by a machine, and why', () => {
    const l = lines(message({ Automatic: 'sent by MAILER-DAEMON' }));
    const marked = l.find((x) => x.text.includes('automatic —'));
    expect(marked?.text).toMatch(/Note\s+automatic — sent by MAILER-DAEMON/);
    expect(marked?.color).toBe('yellow');
  });

  it('says nothing of the kind for a person, nor for a server that does not tell (no field)', () => {
    expect(lines(message({ Automatic: null })).some((x) => x.text.includes('automatic —'))).toBe(false);
    expect(lines(message({})).some((x) => x.text.includes('automatic —'))).toBe(false);
  });
});
