/**
 * Email HTML as text a terminal reads, for every screen that shows it (a
 * card's thread, the email sequences), through one library: html-to-text,
 * which decodes every HTML entity and knows lists, tables and links. No
 * wrapping (the screen wraps to its own width), no images or <title>,
 * headings as written (not upper-cased), list items flush with a `•`, a
 * link's address once. The result is plain
 * text: pass it through `sanitize(…, {multiline: true})` before it reaches
 * the terminal (a decoded `&#27;` is an ESC like any other).
 *
 * The bundle loads the library on the first conversion, not at start
 * (scripts/html-to-text-on-use.mjs): keep `convert` its only import here.
 */
import { convert } from 'html-to-text';

export function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'title', format: 'skip' },
      { selector: 'ul', options: { itemPrefix: '• ' } },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable' },
    ],
  }).trim();
}
