/**
 * The email thread as lines of the card detail (and of the preview and
 * triage, which draw the same): each message's from, to, cc, local date,
 * its subject where it changes, its text with quotes and the signature
 * folded (or not), and its attachments with their sizes; a reply on its way
 * or just sent drawn with them. Every string from the server is sanitised.
 */
import type { SentReply, ThreadEntry, ThreadMessage } from '../store/index.js';
import { sanitize } from '../text/sanitize.js';
import { wrap } from '../text/wrap.js';
import { longDate } from './card-meta.js';
import type { DetailLine } from './detail-line.js';
import { baseSubject, byteSize, messageText, splitMessage, type Part } from './thread-text.js';
import { color } from './theme.js';

/** A reply as the thread draws it before the server's thread lists it. */
export interface OwnReply {
  readonly text: string;
  readonly cc: readonly string[];
  readonly state: 'sending' | 'sent';
  readonly at: string | null;
}

export interface ThreadView {
  readonly entry: ThreadEntry | undefined;
  /** The server has no thread route. */
  readonly notOffered: boolean;
  /** Replies still pending (the mutation engine's `reply`s for this card). */
  readonly sending: readonly { readonly text: string; readonly cc: readonly string[] }[];
  readonly unfolded: boolean;
  /** The newest message first (triage, the preview), else in the order they were written. */
  readonly newestFirst: boolean;
  /** The key that unfolds, for the folded line ("z shows it"); none where no key does (the preview). */
  readonly unfoldKey: string | null;
  /** Messages that arrived while the card was open and are not seen yet (use-arrivals.ts): marked new. */
  readonly newIds?: ReadonlySet<string>;
  /** The attachment `]`/`[` selected: its place among the thread's attachments, in the order written. */
  readonly selectedAttachment?: number | null;
}

const LABEL = 9;

const clean = (s: string): string => sanitize(s);
const list = (xs: readonly string[]): string => xs.map(clean).join(', ');

function foldedLine(p: Part, key: string | null): string {
  const what =
    p.kind === 'signature' ? 'signature' : `${p.lines.length} quoted ${p.lines.length === 1 ? 'line' : 'lines'}`;
  return `┄ ${what} folded${key === null ? '' : ` — ${key} shows it`}`;
}

/** The thread's lines, or none for a card that is not an email thread. */
export function threadLines(v: ThreadView, width: number): DetailLine[] {
  const lines: DetailLine[] = [];
  const para = (text: string, style: Omit<DetailLine, 'text'> = {}, indent = '') => {
    for (const l of wrap(text, Math.max(1, width - indent.length))) lines.push({ text: indent + l, ...style });
  };
  const field = (label: string, value: string, style: Omit<DetailLine, 'text'> = {}) =>
    para(`${label.padEnd(LABEL)}${value}`, style, '  ');
  const head = (title: string) => {
    lines.push({ text: '' });
    lines.push({ text: title, bold: true });
  };
  if (v.notOffered) {
    lines.push({ text: '' });
    lines.push({ text: `${'Thread'.padEnd(12)} not offered by this server`, dim: true });
    return lines;
  }
  const e = v.entry;
  const messages = e?.messages ?? null;
  const own: OwnReply[] = [
    ...(e?.sent ?? []).map((s: SentReply): OwnReply => ({ text: s.text, cc: s.cc, state: 'sent', at: s.at })),
    ...v.sending.map((s): OwnReply => ({ text: s.text, cc: s.cc, state: 'sending', at: null })),
  ];
  if (messages === null) {
    // Nothing while it loads: most cards have no thread, and a "loading…" that then goes would make the card jump.
    if (e?.error != null) {
      head('Thread');
      lines.push({ text: `  ✗ ${e.error}`, color: color('error') });
    }
    if (own.length === 0) return lines;
  }
  // In the order the service took them in: a sender's clock (the Date header) can be off by days.
  const all = messages ?? [];
  if (all.length === 0 && own.length === 0) return lines;
  const count = all.length + own.length;
  head(`Thread (${count} ${count === 1 ? 'message' : 'messages'})`);
  if (e?.error != null) lines.push({ text: `  ✗ ${e.error}`, color: color('error') });
  // A server whose routes give less than the whole thread says so; shown once, above the messages.
  const note = all.find((m) => m.ThreadNote !== undefined && m.ThreadNote !== '')?.ThreadNote;
  if (note !== undefined) para(`ⓘ ${clean(note)}`, { dim: true }, '  ');

  // Each message's first attachment's place among the thread's (what `]` and `[` step through).
  const firstAttachment: number[] = [];
  all.reduce((n, m) => (firstAttachment.push(n), n + m.Attachments.length), 0);
  const drawMessage = (m: ThreadMessage, subject: string | null, at: number) => {
    lines.push({ text: '' });
    const mark = m.Direction === 'out' ? '↩' : '●';
    const fresh = v.newIds?.has(m.MessageId) === true;
    para(
      `${mark} ${clean(m.From)}${m.Direction === 'out' ? ' (sent)' : ''}${fresh ? '  [new]' : ''}`,
      fresh ? { bold: true, color: color('accent') } : { bold: true },
    );
    if (m.To.length > 0) field('To', list(m.To), { dim: true });
    if (m.Cc.length > 0) field('Cc', list(m.Cc), { dim: true });
    if (m.Date !== null && m.Date !== '') field('Date', longDate(m.Date), { dim: true });
    if (subject !== null) field('Subject', clean(subject), { dim: true });
    // Sent by a machine (an auto-reply, a bounce): worth knowing before answering it.
    if (m.Automatic != null && m.Automatic !== '')
      field('Note', `automatic — ${clean(m.Automatic)}`, { color: 'yellow' });
    drawText(messageText(m));
    m.Attachments.forEach((a, i) => {
      const what = `${clean(a.Name)} (${byteSize(a.Size)}, ${clean(a.ContentType || 'no type')})`;
      if (v.selectedAttachment === (firstAttachment[at] ?? 0) + i)
        lines.push({ text: `› ${'Attached'.padEnd(LABEL)}${what}`, selected: true });
      else field('Attached', what);
    });
  };
  const drawText = (text: string) => {
    const parts = splitMessage(sanitize(text, { multiline: true }));
    if (parts.length === 0) return para('(no text)', { dim: true }, '    ');
    for (const p of parts) {
      if (p.kind === 'text') for (const l of p.lines) para(l, {}, '    ');
      else if (v.unfolded) for (const l of p.lines) para(l, { dim: true }, '    ');
      else para(foldedLine(p, v.unfoldKey), { dim: true }, '    ');
    }
  };
  const drawOwn = (r: OwnReply) => {
    lines.push({ text: '' });
    para(
      `↩ you — ${r.state === 'sending' ? 'sending…' : `sent${r.at === null ? '' : ` ${longDate(r.at)}`}`}`,
      r.state === 'sending' ? { color: color('warning'), bold: true } : { color: color('ok'), bold: true },
    );
    if (r.cc.length > 0) field('Cc', list(r.cc), { dim: true });
    drawText(r.text);
  };

  // A subject is shown where it changes, reading the thread in the order it was written.
  let prev: string | null = null;
  const subjects = all.map((m) => {
    const changed = prev === null || baseSubject(m.Subject) !== baseSubject(prev);
    prev = m.Subject;
    return changed ? m.Subject : null;
  });
  if (v.newestFirst) {
    for (const r of [...own].reverse()) drawOwn(r);
    for (let i = all.length - 1; i >= 0; i--) drawMessage(all[i] as ThreadMessage, subjects[i] ?? null, i);
  } else {
    all.forEach((m, i) => drawMessage(m, subjects[i] ?? null, i));
    for (const r of own) drawOwn(r);
  }
  return lines;
}
