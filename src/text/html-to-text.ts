/**
 * Email HTML as readable terminal text: tags removed, <br> and block ends
 * (<p>, <div>, <li>, headings, rows) become line breaks, list items get a
 * bullet, a link keeps its address in brackets, entities are decoded and
 * merge placeholders such as `{{firstName}}` stay as they are. Whitespace
 * collapses as a browser would. The result is plain text: pass it through
 * `sanitize(…, {multiline: true})` before it reaches the terminal (a decoded
 * `&#27;` is an ESC like any other).
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  deg: '°',
  times: '×',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  aacute: 'á',
  ccedil: 'ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  ntilde: 'ñ',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  zwj: '\u200d',
};

/** `&amp;` `&#39;` `&#x1F600;` → characters; unknown or invalid entities stay as written. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, body: string) => {
    if (body[0] === '#') {
      const cp = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!Number.isFinite(cp) || cp <= 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(cp);
    }
    return NAMED[body] ?? NAMED[body.toLowerCase()] ?? whole;
  });
}

const BLOCK = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'blockquote',
  'section',
  'article',
  'header',
  'footer',
  'pre',
  'hr',
]);
const PARAGRAPH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'table']);

export function htmlToText(html: string): string {
  // Content that is never shown.
  const visible = html
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<(script|style|head|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  let out = '';
  let link: string | null = null;
  let linkText = '';
  const emit = (text: string) => {
    if (link !== null) linkText += text;
    out += text;
  };
  // One pass over tags and the text between them.
  const re = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>|[^<]+|</g;
  for (const m of visible.matchAll(re)) {
    const token = m[0];
    const name = m[1]?.toLowerCase();
    if (name === undefined) {
      // Text: source whitespace (including line breaks) collapses to one space.
      emit(decodeEntities(token.replace(/[ \t\r\n\f]+/g, ' ')));
      continue;
    }
    const closing = token.startsWith('</');
    if (name === 'br') out += '\n';
    else if (name === 'li') out += closing ? '' : '\n• ';
    else if (name === 'td' || name === 'th') out += closing ? '' : ' ';
    else if (name === 'a' && !closing) {
      const href = /\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[2] ?? '');
      link = href ? decodeEntities(href[2] ?? href[3] ?? href[4] ?? '') : null;
      linkText = '';
    } else if (name === 'a' && closing) {
      // Keep where a link goes, unless its text already says it.
      if (link !== null && link !== '' && !/^(mailto:|#)/i.test(link) && linkText.trim() !== link) out += ` [${link}]`;
      link = null;
    } else if (BLOCK.has(name)) out += PARAGRAPH.has(name) ? '\n\n' : '\n';
  }
  return out
    .split('\n')
    .map((l) => l.replace(/ {2,}/g, ' ').trim().replace(/^• *$/, ''))
    .join('\n')
    .replace(/\u00a0/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
