/** A notification in words: who, what and the card, every server string through the sanitiser. */
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../src/api/schema-notifications.js';
import { notificationCard, notificationLine, notificationWhat } from '../../src/text/notification-words.js';

const base: Notification = {
  Id: '1',
  Kind: 'mentioned',
  At: '2026-11-28T09:00:00.000Z',
  By: 'ana@acme.test',
  Read: false,
  BoardId: 1,
  CardId: '42',
  CardTitle: 'Refund',
  BoardName: 'Support',
  Words: '@sam can you\ncheck?',
  Hidden: null,
};

describe('notification words', () => {
  it('says who did what, on which card, with the comment on one line', () => {
    expect(notificationLine(base)).toBe('ana@acme.test mentioned you — Refund · Support: @sam can you check?');
    expect(notificationWhat({ Kind: 'overdue', By: '' })).toBe('past its response target');
    expect(notificationWhat({ Kind: 'reply-failed', By: '' })).toBe('your reply was not sent');
    expect(notificationWhat({ Kind: 'something-new', By: '' })).toBe('something-new (inboard)');
  });

  it('shows a hidden card as why it is hidden, never its content', () => {
    const hidden = { ...base, CardTitle: null, BoardName: null, Words: null, Hidden: 'the card was archived since' };
    expect(notificationLine(hidden)).toBe('ana@acme.test mentioned you — (the card was archived since)');
  });

  it('passes every server string through the sanitiser: no escape reaches the terminal', () => {
    const hostile = { ...base, By: 'x\x1b]0;owned\x07@y', CardTitle: 'T\x1b[2J', BoardName: 'B\u202e', Words: 'w\x07' };
    const line = notificationLine(hostile);
    expect(line).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202e]/);
    expect(notificationCard(hostile)).not.toContain('\x1b');
  });
});
