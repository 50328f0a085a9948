/**
 * `inboard card forward` and `inboard card compose`, built, against a real
 * service whose mail goes to a real SMTP relay: the forwarded attachment
 * byte-equal, the new card printed, text typed on stdin kept when refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { multipartMail, rawMail } from '../support/mail.js';
import { sendFixture, sha, succeeded } from './send-fixture.js';

const S = sendFixture('send-forward');

describe('inboard card forward', () => {
  it('sends the message on with its attachment byte-equal, and the thread records it', async () => {
    const pdf = Buffer.from('%PDF-1.4 the customer invoice \x00\x01\x02\xff', 'latin1');
    const id = await S.mailIn(
      multipartMail({
        subject: 'Invoice attached',
        messageId: '<fw1@customer.example>',
        attachment: { name: 'invoice.pdf', type: 'application/pdf', bytes: pdf },
      }),
    );
    const out = succeeded(
      await S.run(['card', 'forward', id, '--to', 'finance@inboard.example', '--body', 'Please refund this.']),
    );
    expect(out.split('\n')[0]).toBe('Forward sent to finance@inboard.example (1 file)');
    const sent = await S.lastSent();
    expect(sent.envelopeTo).toEqual(['finance@inboard.example']);
    expect(sent.subject).toBe('Fwd: Invoice attached');
    expect(sent.text).toContain('Please refund this.');
    expect(sent.attachments.map((a) => [a.filename, sha(a.content)])).toEqual([['invoice.pdf', sha(pdf)]]);
    expect((await S.client.listMessages(id)).at(-1)).toMatchObject({ Direction: 'out', Kind: 'forward' });
  });

  it('needs --to; a note typed on stdin is kept when the relay refuses', async () => {
    const id = await S.mailIn(rawMail({ messageId: '<fw2@customer.example>' }));
    const missing = await S.run(['card', 'forward', id, '--body', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing --to');
    const r = await S.run(['card', 'forward', id, '--to', 'bounce@customer.example', '--body', '-'], {
      input: 'A note worth keeping.\n',
    });
    expect(r.code).toBe(1);
    const kept = /your text is kept in (\S+)/.exec(r.stderr)?.[1];
    expect(kept, r.stderr).toBeDefined();
    expect(readFileSync(kept ?? '', 'utf8')).toBe('A note worth keeping.\n');
  });
});

describe('inboard card compose', () => {
  it('makes a card whose first message is the one sent, and prints its id', async () => {
    const before = S.relay.received.length;
    const out = succeeded(
      await S.run(
        [
          ...['card', 'compose', '--board', 'support', '--to', 'new@customer.example'],
          ...[
            '--subject',
            'Your quote',
            '--body',
            '-',
            '--column',
            'New',
            '--attach',
            S.file('quote.txt', Buffer.from('42 EUR')),
          ],
        ],
        { input: 'Here is the quote.\n' },
      ),
    );
    const id = /^Created card (\S+) with new mail\n/.exec(out)?.[1];
    expect(id, out).toBeDefined();
    expect(out).toContain('Mail sent to new@customer.example (1 file)');
    expect(S.relay.received.length).toBe(before + 1);
    const sent = await S.lastSent();
    expect(sent.subject).toBe('Your quote');
    expect(sent.attachments.map((a) => a.content.toString())).toEqual(['42 EUR']);
    const thread = await S.client.listMessages(id ?? '');
    expect(thread.map((m) => [m.Direction, m.Kind, m.Subject])).toEqual([['out', 'new', 'Your quote']]);
    const json = JSON.parse(
      succeeded(
        await S.run([
          ...['card', 'compose', '--board', '1', '--to', 'other@customer.example'],
          ...['--subject', 'Hello', '--body', 'First words.', '--json'],
        ]),
      ),
    ) as { CardId: string; Kind?: string };
    expect(json.Kind).toBe('new');
    expect((await S.client.getCard(json.CardId)).BoardId).toBe(1);
  });

  it('says what is missing, and an unknown board, sending nothing', async () => {
    const before = S.relay.received.length;
    const r = await S.run(['card', 'compose', '--to', 'a@example.com', '--body', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('missing --board, --subject');
    const nowhere = await S.run(
      ['card', 'compose', '--board', 'No such board', '--to', 'a@example.com', '--subject', 's', '--body', '-'],
      { input: 'Typed once.\n' },
    );
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain("no board 'No such board'");
    const kept = /your text is kept in (\S+)/.exec(nowhere.stderr)?.[1];
    expect(readFileSync(kept ?? '', 'utf8')).toBe('Typed once.\n');
    expect(S.relay.received.length).toBe(before);
  });
});
