/**
 * A rule's query against one message, in memory (server/rules/match.ts):
 * phrases, domains and addresses, OR, negation, headers folded over lines,
 * attachments and the card's tags — and, on a miss, the term that did not
 * match and what the message had there.
 */
import { describe, expect, it } from 'vitest';
import { headerSection, matchQuery, Words, type Arriving } from '../../../src/server/rules/match.js';
import { parseRuleQuery } from '../../../src/server/rules/parse.js';

const message: Arriving = {
  from: 'Jo Lee <Jo@Acme.com>',
  to: ['Sales <sales@inboard.example>'],
  subject: 'Refund for order 1042',
  text: 'The parcel arrived broken. Please send the money back.',
  attachments: 1,
  raw: Buffer.from(
    'From: jo@acme.com\r\nX-Spam-Flag: YES\r\nList-Id: news\r\n <news.acme.com>\r\n\r\nX-Not-A-Header: body',
  ),
  card: { tags: ['Billing'], column: 'New', assignees: [] },
};

const outcome = (q: string) => {
  const parsed = parseRuleQuery(q);
  if (!parsed.ok) throw new Error(parsed.error);
  return matchQuery(parsed.value, new Words(message));
};

describe('a rule matched against a message', () => {
  it.each([
    'from:@acme.com',
    'from:jo@acme.com refund',
    'to:sales@inboard.example',
    '"parcel arrived broken"',
    'subject:refund -newsletter',
    'kettle OR parcel',
    'has:attachment header:x-spam-flag:yes',
    'header:List-Id',
    'tag:billing column:new',
  ])('%s matches', (q) => {
    expect(outcome(q)).toEqual({ matches: true });
  });

  it.each([
    ['from:@acme.org', 'from:@acme.org', 'from Jo Lee <Jo@Acme.com>'],
    ['refund "arrived whole"', '"arrived whole"', 'the subject and text do not have it'],
    ['kettle OR toaster', 'kettle OR toaster', 'the subject and text do not have it'],
    ['header:X-Spam-Flag:NO', 'header:x-spam-flag:NO', 'x-spam-flag: YES'],
    ['header:X-Not-A-Header', 'header:x-not-a-header', 'no x-not-a-header header'],
    ['refund -has:attachment', '-has:attachment', '1 attachment'],
    ['tag:spam', 'tag:spam', 'tags Billing'],
  ])('%s does not match: %s, and the message had %s', (q, failed, saw) => {
    expect(outcome(q)).toEqual({ matches: false, failed, saw });
  });

  it('reads header fields folded over lines, and none from the body', () => {
    const h = headerSection(message.raw);
    expect(h.get('list-id')).toEqual(['news <news.acme.com>']);
    expect(h.has('x-not-a-header')).toBe(false);
  });
});
