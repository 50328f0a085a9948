/**
 * A rule's query matched against one arriving message, in memory: the
 * message is read into words once (`arriving`), and each rule's terms are
 * looked up in them — no database search per rule. A miss names the term
 * that did not match, for `inboard rules test`.
 */
import type { InboundMessage } from '../mail/read-mail.js';
import { searchWords, type Filter, type SearchQuery, type TextTerm } from '../../text/search-query.js';

/** The card as it stands when the rules run (tag:, column:, assignee:). */
export interface CardFacts {
  tags: string[];
  column: string;
  assignees: string[];
}

export interface Arriving {
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: number;
  /** The header section of the raw message, read when a rule asks (header:). */
  raw: Buffer | null;
  card: CardFacts;
}

/** The message's parts as words, each read at most once for all the rules. */
export class Words {
  private cache = new Map<string, string[]>();
  private headerMap: Map<string, string[]> | undefined;
  constructor(readonly m: Arriving) {}
  of(field: TextTerm['field']): string[] {
    let w = this.cache.get(field);
    if (w === undefined) {
      const m = this.m;
      const text =
        field === 'from'
          ? m.from
          : field === 'to'
            ? m.to.join(' ')
            : field === 'subject'
              ? m.subject
              : `${m.subject}\n${m.text}`;
      w = searchWords(text);
      this.cache.set(field, w);
    }
    return w;
  }
  addresses(field: 'from' | 'to'): string[] {
    const list = field === 'from' ? [this.m.from] : this.m.to;
    return list.map((a) => (/<([^<>]+)>\s*$/.exec(a)?.[1] ?? a).trim().toLowerCase());
  }
  headers(): Map<string, string[]> {
    this.headerMap ??= headerSection(this.m.raw);
    return this.headerMap;
  }
}

/** Header fields by lower-case name, values unfolded; the section ends at the first empty line. */
export function headerSection(raw: Buffer | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (raw === null) return out;
  const end = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.subarray(0, end < 0 ? Math.min(raw.length, 65_536) : end).toString('latin1');
  for (const field of head.split(/\r?\n(?![ \t])/)) {
    const m = /^([!-9;-~]+)[ \t]*:(.*)$/su.exec(field);
    if (m === null) continue;
    const name = (m[1] as string).toLowerCase();
    out.set(name, [...(out.get(name) ?? []), (m[2] as string).replace(/\r?\n[ \t]+/g, ' ').trim()]);
  }
  return out;
}

const hasPhrase = (words: readonly string[], phrase: readonly string[]): boolean => {
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
};

function termHolds(t: TextTerm, w: Words): boolean {
  if (t.address !== undefined && (t.field === 'from' || t.field === 'to')) {
    const want = t.address;
    const hit = w.addresses(t.field).some((a) => (want.startsWith('@') ? a.endsWith(want) : a === want));
    return hit !== t.negated;
  }
  return hasPhrase(w.of(t.field), t.words) !== t.negated;
}

const lower = (xs: readonly string[]) => xs.map((x) => x.toLowerCase());

function filterHolds(f: Filter, w: Words): boolean {
  const m = w.m;
  let hit: boolean;
  switch (f.kind) {
    case 'tag':
      hit = lower(m.card.tags).includes(f.value);
      break;
    case 'column':
      hit = m.card.column.toLowerCase() === f.value;
      break;
    case 'assignee':
      hit = lower(m.card.assignees).some((a) => a.includes(f.value));
      break;
    case 'has':
      hit = m.attachments > 0;
      break;
    case 'header': {
      const values = w.headers().get(f.name);
      const want = f.value?.toLowerCase();
      hit = values !== undefined && (want === undefined || values.some((v) => v.toLowerCase() === want));
      break;
    }
    default:
      hit = false;
  }
  return hit !== f.negated;
}

const sayTerm = (t: TextTerm): string =>
  `${t.negated ? '-' : ''}${t.field === 'any' ? '' : `${t.field}:`}${t.address ?? (t.words.length > 1 ? `"${t.words.join(' ')}"` : t.words[0])}`;
const sayFilter = (f: Filter): string => {
  const neg = f.negated ? '-' : '';
  if (f.kind === 'header') return `${neg}header:${f.name}${f.value === null ? '' : `:${f.value}`}`;
  return 'value' in f ? `${neg}${f.kind}:${f.value}` : `${neg}${f.kind}:`;
};

export type Outcome = { matches: true } | { matches: false; failed: string; saw: string };

const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 79)}…` : s);

/** What the message had where a text term looked, for `rules test`. */
function sawText(t: TextTerm, m: Arriving): string {
  if (t.field === 'from') return `from ${clip(m.from)}`;
  if (t.field === 'to') return m.to.length === 0 ? 'no To or Cc' : `to ${clip(m.to.join(', '))}`;
  if (t.field === 'subject') return `subject "${clip(m.subject)}"`;
  return t.negated ? 'the subject or text has it' : 'the subject and text do not have it';
}

function sawFilter(f: Filter, w: Words): string {
  const m = w.m;
  switch (f.kind) {
    case 'tag':
      return m.card.tags.length === 0 ? 'no tags' : `tags ${m.card.tags.join(', ')}`;
    case 'column':
      return `in ${m.card.column}`;
    case 'assignee':
      return m.card.assignees.length === 0 ? 'nobody assigned' : `assigned ${m.card.assignees.join(', ')}`;
    case 'has':
      return m.attachments === 0 ? 'no attachment' : `${m.attachments} attachment${m.attachments === 1 ? '' : 's'}`;
    case 'header': {
      const v = w.headers().get(f.name);
      return v === undefined ? `no ${f.name} header` : `${f.name}: ${clip(v.join(', '))}`;
    }
    default:
      return 'not known on arrival';
  }
}

/** Whether the query holds for the message; else the first term that did not, as typed, and what was there. */
export function matchQuery(q: SearchQuery, w: Words): Outcome {
  for (const c of q.clauses) {
    if (c.kind === 'or') {
      if (!c.terms.some((t) => termHolds(t, w)))
        return { matches: false, failed: c.terms.map(sayTerm).join(' OR '), saw: sawText(c.terms[0] as TextTerm, w.m) };
    } else if (!termHolds(c, w)) return { matches: false, failed: sayTerm(c), saw: sawText(c, w.m) };
  }
  for (const f of q.filters)
    if (!filterHolds(f, w)) return { matches: false, failed: sayFilter(f), saw: sawFilter(f, w) };
  return { matches: true };
}

/** What a rule sees of a message read by mail/read-mail.ts. */
export function arrivingOf(m: InboundMessage, raw: Buffer | null, card: CardFacts): Arriving {
  return {
    from: m.from,
    to: [...m.to, ...m.cc],
    subject: m.subject,
    text: m.text,
    attachments: m.attachments.length,
    raw,
    card,
  };
}
