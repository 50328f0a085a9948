import { describe, expect, it } from 'vitest';
import type { CardMessage } from '../../../../src/api/schema-mail.js';
import { forwardSubject, forwardText } from '../../../../src/server/mail/sending/forward.js';
import { chosenRecipients, replyTargets } from '../../../../src/server/mail/sending/recipients.js';

const message = (m: Partial<CardMessage>): CardMessage => ({
  MessageId: '<m@x>',
  Direction: 'in',
  From: 'Ana <ana@customer.example>',
  To: ['support@acme.test'],
  Cc: [],
  ReplyTo: null,
  Date: '2026-11-24T08:15:00.000Z',
  Subject: 'Parcel',
  Text: 'Where is it?',
  Html: null,
  Attachments: [],
  InReplyTo: null,
  References: [],
  CreatedAt: '2026-11-24T08:15:00.000Z',
  ...m,
});
const team = new Set(['support@acme.test', 'sales@acme.test']);

describe('reply to all', () => {
  it('answers the Reply-To, copies everyone else once, never the team or the customer', () => {
    const m = message({
      ReplyTo: 'Orders <orders@customer.example>',
      To: ['Support <SUPPORT@acme.test>', 'bo@customer.example'],
      Cc: ['Bo <BO@customer.example>', 'sales@acme.test', 'orders@customer.example', 'cy@customer.example'],
    });
    expect(replyTargets(m, team)).toEqual({
      to: ['Orders <orders@customer.example>'],
      cc: ['bo@customer.example', 'cy@customer.example'],
    });
  });

  it("a teammate's message come in from the team's address is answered to its To, not to the team", () => {
    const m = message({ From: 'Sam <SUPPORT@acme.test>', To: ['zed@c.example'], Cc: ['cy@c.example'] });
    expect(replyTargets(m, team)).toEqual({ to: ['zed@c.example'], cc: ['cy@c.example'] });
  });

  it("answers the team's own message to its own To and Cc", () => {
    const m = message({
      Direction: 'out',
      From: 'support@acme.test',
      To: ['zed@c.example'],
      Cc: ['support@acme.test'],
    });
    expect(replyTargets(m, team)).toEqual({ to: ['zed@c.example'], cc: [] });
  });

  it('an explicit To keeps the default Cc less whoever is now in To', () => {
    const d = { to: ['ana@c.example'], cc: ['bo@c.example', 'cy@c.example'] };
    expect(chosenRecipients(d, { To: ['BO@c.example'] })).toEqual({ to: ['BO@c.example'], cc: ['cy@c.example'] });
    expect(chosenRecipients(d, { Cc: [] })).toEqual({ to: ['ana@c.example'], cc: [] });
  });
});

describe('forward', () => {
  it('says Fwd: once', () => {
    expect(forwardSubject('Invoice')).toBe('Fwd: Invoice');
    expect(forwardSubject('Fwd: FW: fwd:Invoice')).toBe('Fwd: Invoice');
    expect(forwardSubject('Re: Invoice')).toBe('Fwd: Re: Invoice');
    expect(forwardSubject('  ')).toBe('Fwd: (no subject)');
  });

  it("quotes the original's headers and text under the note", () => {
    const text = forwardText('Please look.', message({ Cc: ['bo@c.example'] }));
    expect(text).toBe(
      'Please look.\n\n---------- Forwarded message ---------\nFrom: Ana <ana@customer.example>\n' +
        'Date: Tue, 24 Nov 2026 08:15:00 GMT\nSubject: Parcel\nTo: support@acme.test\nCc: bo@c.example\n\nWhere is it?\n',
    );
    expect(forwardText('', message({})).startsWith('---------- Forwarded message')).toBe(true);
  });
});
