/**
 * Normalisers for the fields whose shape the reference leaves unshown
 * (Assignees, DueDate, tag Color). The client applies them while parsing, and
 * the UI may call them again on anything it holds: each is idempotent.
 */
import { TAG_COLORS, type TagColorName } from './schema.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys a person object might use, most specific first. */
const PERSON_KEYS = ['Email', 'email', 'EmailAddress', 'emailAddress', 'Name', 'name'] as const;

function personOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (!isRecord(v)) return undefined;
  for (const k of PERSON_KEYS) {
    const s = v[k];
    if (typeof s === 'string' && s.trim()) return s.trim();
  }
  return undefined;
}

/**
 * Assignees → list of emails (or names when no email is given): accepts null,
 * an array of emails, an array of objects with Email/email/Name, a single such
 * object, or a comma/semicolon-separated string. Duplicates are dropped.
 */
export function normaliseAssignees(v: unknown): string[] {
  let items: unknown[];
  if (v === null || v === undefined) items = [];
  else if (Array.isArray(v)) items = v;
  else if (typeof v === 'string') items = v.split(/[,;]/);
  else items = [v];
  const out: string[] = [];
  for (const item of items) {
    const p = personOf(item);
    if (p !== undefined && !out.includes(p)) out.push(p);
  }
  return out;
}

/** Below this a numeric timestamp is read as seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_LIMIT = 1e11;

/**
 * DueDate → ISO 8601 UTC string, or null when unset. Accepts null, '', 0,
 * epoch seconds or milliseconds (number or numeric string) and any date text
 * `Date.parse` understands. Text it cannot read is returned trimmed, as is, so
 * nothing the server said is lost.
 */
export function normaliseDueDate(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v))) {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) return null;
    const d = new Date(n < SECONDS_LIMIT ? n * 1000 : n);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!s) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? s : new Date(t).toISOString();
}

/** Display colours for the palette indexes the local service uses (schema TAG_COLORS). */
export const TAG_HEX: Readonly<Record<TagColorName, string>> = {
  gray: '#8b8d98',
  red: '#e5484d',
  orange: '#f76b15',
  yellow: '#ffc53d',
  green: '#30a46c',
  teal: '#12a594',
  blue: '#0090ff',
  indigo: '#3e63dd',
  purple: '#8e4ec6',
  pink: '#d6409f',
  brown: '#ad7f58',
  black: '#60646c', // a dark grey: pure black vanishes on dark terminals
};

export interface TagColor {
  /** Palette index when the colour is one of TAG_COLORS, else null. */
  index: number | null;
  /** A word to show beside the colour (state is never carried by colour alone). */
  name: string;
  /** `#rrggbb` to paint with, or null when unknown (draw uncoloured). */
  hex: string | null;
}

const fromIndex = (i: number): TagColor | undefined => {
  const name = TAG_COLORS[i];
  return name === undefined ? undefined : { index: i, name, hex: TAG_HEX[name] };
};

/** Tag Color → palette entry: "3" or 3 (palette index), "#rrggbb"/"#rgb", or a colour name. */
export function normaliseTagColor(v: unknown): TagColor {
  if (typeof v === 'number' && Number.isInteger(v)) return fromIndex(v) ?? { index: null, name: String(v), hex: null };
  if (typeof v !== 'string') return { index: null, name: '', hex: null };
  const s = v.trim().toLowerCase();
  if (/^\d+$/.test(s)) return fromIndex(Number(s)) ?? { index: null, name: s, hex: null };
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(s);
  if (short)
    return { index: null, name: s, hex: `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` };
  if (/^#[0-9a-f]{6}$/.test(s)) return { index: null, name: s, hex: s };
  const word = s === 'grey' ? 'gray' : s;
  const i = (TAG_COLORS as readonly string[]).indexOf(word);
  if (i >= 0) return fromIndex(i) ?? { index: null, name: word, hex: null };
  return { index: null, name: s, hex: null };
}
