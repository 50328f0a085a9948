/** Email HTML as terminal text, as the thread and the email sequences both show it. */
import { describe, expect, it } from 'vitest';
import { htmlText } from '../../src/text/html.js';
import { sanitize } from '../../src/text/sanitize.js';

describe('htmlText', () => {
  it('turns paragraphs and <br> into line breaks and keeps placeholders', () => {
    const html =
      '<div style="font-family:sans-serif"><p>Hi {{firstName}},</p><p>Your inbox is ready.<br>Invite two teammates.</p></div>';
    expect(htmlText(html)).toBe('Hi {{firstName}},\n\nYour inbox is ready.\nInvite two teammates.');
  });

  it('bullets list items, nested ones indented, and drops inline tags', () => {
    expect(htmlText('<ul><li><b>j/k</b> to walk</li><li><i>c</i> to comment</li></ul>')).toBe(
      '• j/k to walk\n• c to comment',
    );
    expect(htmlText('<ul><li>one<ul><li>deep</li></ul></li></ul>')).toBe('• one\n  • deep');
  });

  it('keeps a link’s address after its text, once', () => {
    expect(htmlText('<p>Pick a time: <a href="https://example.com/book">book a slot</a>.</p>')).toBe(
      'Pick a time: book a slot [https://example.com/book].',
    );
    expect(htmlText('<a href="https://x.io">https://x.io</a>')).toBe('https://x.io');
  });

  it('decodes named and numeric entities, leaves unknown ones', () => {
    expect(htmlText('Tom &amp; Jerry &lt;3 &#39;hi&#39; &#x1F600; &rsquo; &hearts; &bogus;')).toBe(
      "Tom & Jerry <3 'hi' 😀 ’ ♥ &bogus;",
    );
    // A no-break space stays one: the wrapping keeps its words together.
    expect(htmlText('caf&eacute;&nbsp;au&nbsp;lait')).toBe('café\u00a0au\u00a0lait');
  });

  it('collapses source whitespace and drops style, script, comments, the title and images', () => {
    const html =
      '<head><title>Newsletter</title><style>p{color:red}</style></head><p>one\n   two</p><!-- hidden --><script>alert(1)</script><img src="x.png" alt="logo"><p>three</p>';
    expect(htmlText(html)).toBe('one two\n\nthree');
  });

  it('keeps headings as written and leaves no tags', () => {
    const t = htmlText('<h1>Welcome aboard</h1><table><tr><td>Plan</td><td>Pro</td></tr></table>');
    expect(t).toMatch(/^Welcome aboard\n/);
    expect(t).toMatch(/Plan +Pro/);
    expect(t).not.toMatch(/[<>]/);
  });

  it('leaves a stray < as text and copes with plain text', () => {
    expect(htmlText('a < b and {{lastName}}')).toBe('a < b and {{lastName}}');
    expect(htmlText('')).toBe('');
  });

  it('decoded control characters are escaped by sanitize, not written raw', () => {
    expect(sanitize(htmlText('<p>x&#27;]52;c;AAA&#7;</p>'), { multiline: true })).toBe('x^[]52;c;AAA^G');
  });
});
