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
 * (scripts/html-to-text-on-use.mjs): keep `compile` its only import here.
 */
import { compile } from 'html-to-text';

let toText: ((html: string) => string) | undefined;

export function htmlText(html: string): string {
  // Compiled once: `convert` compiles its options (a selector decision tree)
  // on every call, 0.46 ms against 0.02 ms to read a short email.
  toText ??= compile({
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
  });
  return toText(html).trim();
}
