/**
 * A message's text as the thread shows it: HTML turned into readable text
 * (src/text/html.ts, as on every screen), then cut into what the sender
 * wrote and what folds away — the earlier messages quoted under it (`> …`,
 * "On … wrote:", an Outlook "Original Message") and the signature (after a
 * `-- ` line), which mail readers fold for the same reason: a thread of four
 * answers would be the first message four times.
 */
import { htmlText } from '../text/html.js';

export type PartKind = 'text' | 'quote' | 'signature';

export interface Part {
  readonly kind: PartKind;
  readonly lines: readonly string[];
}

/** The message's text: its plain part, else its HTML read as text. */
export function messageText(m: { readonly Text: string; readonly Html: string | null }): string {
  if (m.Text.trim() !== '' || m.Html === null) return m.Text;
  return htmlText(m.Html);
}

const QUOTED = /^\s*>/;
/** "On Tue, 3 Nov 2026 at 10:02, Ann <ann@example.com> wrote:" — a mail program's line before what it quotes. */
const WROTE = /\bwrote:\s*$/i;
const ORIGINAL = /^\s*-{2,}\s*(Original Message|Forwarded message)\s*-{2,}\s*$/i;
/** The signature separator (RFC 3676 §4.3), and the same without its space as many programs send it. */
const SIG = /^-- ?$/;

const blank = (l: string): boolean => l.trim() === '';

/**
 * The text cut into parts, in order. A run of quoted lines is one quote
 * (blank lines inside it included), with the "… wrote:" line before it; an
 * "Original Message" line quotes everything after it; the signature runs to
 * the end (or to a quote below it, as top-posted replies have).
 */
export function splitMessage(text: string): Part[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kinds: PartKind[] = lines.map(() => 'text');
  let sigFrom = -1;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? '';
    if (ORIGINAL.test(l)) {
      for (let j = i; j < lines.length; j++) kinds[j] = 'quote';
      break;
    }
    if (QUOTED.test(l)) kinds[i] = 'quote';
    else if (sigFrom < 0 && SIG.test(l)) sigFrom = i;
  }
  // "… wrote:" (one line, or two when the program wrapped it) belongs to the quote under it.
  for (let i = 0; i < lines.length; i++) {
    if (kinds[i] !== 'text' || !WROTE.test(lines[i] ?? '')) continue;
    let j = i + 1;
    while (j < lines.length && blank(lines[j] ?? '')) j++;
    if (j < lines.length && kinds[j] !== 'quote') continue;
    kinds[i] = 'quote';
    if (i > 0 && kinds[i - 1] === 'text' && /^\s*On\b/.test(lines[i - 1] ?? '') && !/^\s*On\b/.test(lines[i] ?? ''))
      kinds[i - 1] = 'quote';
  }
  // Blank lines between two quoted ones are part of the quote.
  for (let i = 0; i < lines.length; i++) {
    if (kinds[i] !== 'quote') continue;
    let j = i + 1;
    while (j < lines.length && blank(lines[j] ?? '')) j++;
    if (j < lines.length && j > i + 1 && kinds[j] === 'quote') for (let k = i + 1; k < j; k++) kinds[k] = 'quote';
  }
  if (sigFrom >= 0) for (let i = sigFrom; i < lines.length && kinds[i] === 'text'; i++) kinds[i] = 'signature';

  const parts: { kind: PartKind; lines: string[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const kind = kinds[i] ?? 'text';
    const last = parts.at(-1);
    if (last?.kind === kind) last.lines.push(lines[i] ?? '');
    else parts.push({ kind, lines: [lines[i] ?? ''] });
  }
  // Blank lines at either end of a part say nothing once it is folded.
  return parts
    .map((p) => {
      let a = 0;
      let b = p.lines.length;
      while (a < b && blank(p.lines[a] ?? '')) a++;
      while (b > a && blank(p.lines[b - 1] ?? '')) b--;
      return { kind: p.kind, lines: p.lines.slice(a, b) };
    })
    .filter((p) => p.lines.length > 0);
}

/** `1.2 MB`, `340 KB`, `12 bytes`. */
export function byteSize(n: number): string {
  if (!Number.isFinite(n) || n < 0) return 'size unknown';
  if (n < 1024) return `${n} ${n === 1 ? 'byte' : 'bytes'}`;
  const kb = n / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** A subject without its `Re:`/`Fwd:` prefixes, to tell when a thread's subject changed. */
export function baseSubject(s: string): string {
  return s
    .replace(/^\s*((re|fwd?|aw|sv|antw)(\[\d+\])?\s*:\s*)+/i, '')
    .trim()
    .toLowerCase();
}
