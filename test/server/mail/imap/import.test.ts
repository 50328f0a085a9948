import { describe, expect, it } from 'vitest';
import { MAIL_LIMITS } from '../../../../src/api/schema-mail.js';
import { readFetched } from '../../../../src/server/mail/imap/import.js';
import { rawMail } from '../../../support/mail.js';

const NOW = '2026-11-27T12:00:00.000Z';

describe('a fetched message read for import', () => {
  it('over the limit keeps its headers and text and names what was left out', async () => {
    const raw = rawMail({ subject: 'Huge', body: 'The start of a very long message.' });
    const m = await readFetched(
      { uid: 9, raw, size: MAIL_LIMITS.messageBytes + 5 * 1024 * 1024, arrived: undefined },
      NOW,
    );
    expect(m.subject).toBe('Huge');
    expect(m.text).toContain('The start of a very long message.');
    expect(m.text).toMatch(
      /this message is 30\.0 MiB, over the limit of 25 MiB .* its attachments and the rest were left out/,
    );
    expect(m.attachments).toEqual([]);
  });

  it('that is not mail becomes a message saying so, with its headers and its UID', async () => {
    const m = await readFetched(
      {
        uid: 41,
        raw: Buffer.from('Subject: =?bogus?Q?x?=\r\nX-Mailer: broken\r\n\r\nbody'),
        size: 40,
        arrived: new Date(NOW),
      },
      NOW,
    );
    expect(m.subject).toBe('Unreadable message: =?bogus?Q?x?=');
    expect(m.text).toMatch(/could not read this message \(IMAP UID 41\): the message has no From address/);
    expect(m.text).toContain('X-Mailer: broken');
    expect(m.from).toBe('unknown sender');
  });

  it('is never dated after the server received it', async () => {
    const arrived = new Date('2026-11-24T08:00:00.000Z');
    const m = await readFetched(
      { uid: 1, raw: rawMail({ date: 'Fri, 1 Jan 2027 00:00:00 +0000' }), size: 10, arrived },
      NOW,
    );
    expect(m.date).toBe(arrived.toISOString());
  });
});
