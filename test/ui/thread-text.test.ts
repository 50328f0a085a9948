/** What a message's text folds into (quotes, "… wrote:", signatures), HTML read as text, sizes in words. */
import { describe, expect, it } from 'vitest';
import { htmlText } from '../../src/text/html.js';
import { baseSubject, byteSize, messageText, splitMessage } from '../../src/ui/thread-text.js';

describe('splitMessage', () => {
  it('folds a bottom quote with its "On … wrote:" line, and the signature', () => {
    const text = [
      'Thanks, that worked.',
      '',
      '-- ',
      'Ana Lima',
      'Customer Ltd',
      '',
      'On Tue, 24 Nov 2026 at 10:02, Support <support@inboard.example> wrote:',
      '> Please try again.',
      '>',
      '> Support',
    ].join('\n');
    expect(splitMessage(text)).toEqual([
      { kind: 'text', lines: ['Thanks, that worked.'] },
      { kind: 'signature', lines: ['-- ', 'Ana Lima', 'Customer Ltd'] },
      {
        kind: 'quote',
        lines: [
          'On Tue, 24 Nov 2026 at 10:02, Support <support@inboard.example> wrote:',
          '> Please try again.',
          '>',
          '> Support',
        ],
      },
    ]);
  });

  it('keeps interleaved answers: each quoted run folds on its own, blank lines inside it included', () => {
    const parts = splitMessage('> Which order?\n\n> And when?\nOrder 1042, last week.\n> Address?\nThe same.');
    expect(parts.map((p) => p.kind)).toEqual(['quote', 'text', 'quote', 'text']);
    expect(parts[0]?.lines).toEqual(['> Which order?', '', '> And when?']);
  });

  it('an attribution wrapped over two lines goes with the quote; an Original Message quotes the rest', () => {
    const parts = splitMessage('Yes.\nOn Tue, 24 Nov 2026, Ana Lima <ana@x.example>\nwrote:\n> Is it fixed?');
    expect(parts).toEqual([
      { kind: 'text', lines: ['Yes.'] },
      { kind: 'quote', lines: ['On Tue, 24 Nov 2026, Ana Lima <ana@x.example>', 'wrote:', '> Is it fixed?'] },
    ]);
    expect(splitMessage('Done.\n-----Original Message-----\nFrom: Ana\nIs it fixed?').map((p) => p.kind)).toEqual([
      'text',
      'quote',
    ]);
  });

  it('a sentence ending in "wrote:" with no quote under it is the sender’s text', () => {
    expect(splitMessage('This is what my colleague wrote:\nit was broken.')).toEqual([
      { kind: 'text', lines: ['This is what my colleague wrote:', 'it was broken.'] },
    ]);
  });
});

describe('HTML and the rest', () => {
  it('reads HTML as text: paragraphs, lists, links once, no markup', () => {
    const t = htmlText(
      '<html><body><p>Hello <b>team</b>,</p><ul><li>one</li><li>two</li></ul><p><a href="https://x.example/a">the form</a></p><img src="x.png"></body></html>',
    );
    expect(t).toContain('Hello team,');
    expect(t).toMatch(/^• one\n• two$/m);
    expect(t).toContain('the form [https://x.example/a]');
    expect(t).not.toMatch(/<|>/);
  });

  it('takes the plain text when there is one, else the HTML', () => {
    expect(messageText({ Text: 'plain', Html: '<p>rich</p>' })).toBe('plain');
    expect(messageText({ Text: ' ', Html: '<p>rich</p>' })).toBe('rich');
  });

  it('sizes and subjects', () => {
    expect([byteSize(12), byteSize(2048), byteSize(350_000), byteSize(12 * 1024 * 1024)]).toEqual([
      '12 bytes',
      '2.0 KB',
      '342 KB',
      '12 MB',
    ]);
    expect(baseSubject('RE: Fwd: Re: Order 1042')).toBe(baseSubject('Order 1042'));
  });
});
