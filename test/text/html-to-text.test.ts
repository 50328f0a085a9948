import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from '../../src/text/html-to-text.js';
import { sanitize } from '../../src/text/sanitize.js';

describe('htmlToText', () => {
  it('turns paragraphs and <br> into line breaks and keeps placeholders', () => {
    const html =
      '<div style="font-family:sans-serif"><p>Hi {{firstName}},</p><p>Your inbox is ready.<br>Invite two teammates.</p></div>';
    expect(htmlToText(html)).toBe('Hi {{firstName}},\n\nYour inbox is ready.\nInvite two teammates.');
  });

  it('bullets list items and drops inline tags', () => {
    expect(htmlToText('<ul><li><b>j/k</b> to walk</li><li><i>c</i> to comment</li></ul>')).toBe(
      '• j/k to walk\n• c to comment',
    );
  });

  it('keeps a link’s address after its text', () => {
    expect(htmlToText('<p>Pick a time: <a href="https://example.com/book">book a slot</a>.</p>')).toBe(
      'Pick a time: book a slot [https://example.com/book].',
    );
    expect(htmlToText('<a href="https://x.io">https://x.io</a>')).toBe('https://x.io');
  });

  it('decodes named and numeric entities, leaves unknown ones', () => {
    expect(decodeEntities('Tom &amp; Jerry &lt;3 &#39;hi&#39; &#x1F600; &rsquo; &bogus;')).toBe(
      "Tom & Jerry <3 'hi' 😀 ’ &bogus;",
    );
    expect(htmlToText('caf&eacute;&nbsp;au&nbsp;lait')).toBe('café au lait');
  });

  it('collapses source whitespace and drops style, script and comments', () => {
    const html = '<style>p{color:red}</style><p>one\n   two</p><!-- hidden --><script>alert(1)</script><p>three</p>';
    expect(htmlToText(html)).toBe('one two\n\nthree');
  });

  it('leaves a stray < as text and copes with plain text', () => {
    expect(htmlToText('a < b and {{lastName}}')).toBe('a < b and {{lastName}}');
    expect(htmlToText('')).toBe('');
  });

  it('decoded control characters are escaped by sanitize, not written raw', () => {
    expect(sanitize(htmlToText('<p>x&#27;]52;c;AAA&#7;</p>'), { multiline: true })).toBe('x^[]52;c;AAA^G');
  });
});
