/**
 * The client's tolerant reading of what a /v2 service sends. schema.ts holds
 * the reference's shapes (the local service sends exactly those); the real
 * service departs from them (docs/architecture.md › "The wire layer" lists
 * each departure and its evidence). Here every answer becomes one model, the
 * reference's field names with normalised values:
 *
 * - a field is found under its reference name, its known aliases
 *   (DragTaskId, Id, Title…) and any casing of those (taskName, taskname);
 * - what a screen needs is parsed, the rest is kept as text or dropped;
 * - card ids are opaque strings, exactly as the server wrote them (numbers
 *   past 2^53 arrive as digit strings from exact-json.ts);
 * - a row without what identifies it (no usable id) becomes an `Unreadable`
 *   entry that says why, and costs that row only.
 *
 * Cards are read in tolerant-cards.ts; here the field access every reader
 * shares and the other resources.
 */
import { z } from 'zod';
import { normaliseAssignees } from './normalise.js';
import { EmailSequenceDetail, EmailSequenceEntry } from './schema.js';
import type { BoardRow, CardId, Column, Comment, Tag, Unreadable } from './read-model.js';

// ------------------------------------------------------------------ fields

type Rec = Record<string, unknown>;
export const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Field access by any of `names`, in any casing; the first present wins. */
export class Fields {
  private lower: Map<string, string> | undefined;
  constructor(readonly raw: Rec) {}

  get(...names: string[]): unknown {
    for (const n of names) if (n in this.raw) return this.raw[n];
    this.lower ??= new Map(Object.keys(this.raw).map((k) => [k.toLowerCase(), k]));
    for (const n of names) {
      const k = this.lower.get(n.toLowerCase());
      if (k !== undefined) return this.raw[k];
    }
    return undefined;
  }

  has(...names: string[]): boolean {
    return this.get(...names) !== undefined;
  }
}

/** Control characters in an id would reach request paths and the terminal: not an id. */
// eslint-disable-next-line no-control-regex -- the class names the control characters an id must not hold
const ID_TEXT = /^[^\u0000-\u001f\u007f-\u009f]{1,200}$/;

/** A card id: a safe integer or any printable text (big integers arrive as digit strings). */
export function readCardId(v: unknown): CardId | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? String(v) : undefined;
  if (typeof v === 'string') {
    const s = v.trim();
    return ID_TEXT.test(s) ? s : undefined;
  }
  return undefined;
}

/** A numeric id (boards, columns, tags, comments): a safe integer, or its digits as text. */
export function readNumId(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v === 'string' && /^\s*-?\d{1,16}\s*$/.test(v)) {
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : undefined;
  }
  return undefined;
}

/** Text, or a number or boolean as text; anything else is not text. */
export const readText = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

export const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** The raw id of a row, for "unreadable" lines: whatever it carried, as short text. */
export function rawIdOf(f: Fields, names: string[]): string | null {
  const v = f.get(...names);
  if (v === undefined || v === null) return null;
  const s = typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
  return s.slice(0, 40);
}

export const kindOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

// ------------------------------------------------------------------ readers

/** Assignees: a JSON-encoded list in a string, a list, a comma string, null. */
export function readAssignees(v: unknown): string[] {
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[') || s.startsWith('{')) {
      try {
        return normaliseAssignees(JSON.parse(s));
      } catch {
        // Not JSON after all: read it as a comma list below.
      }
    }
  }
  return normaliseAssignees(v);
}

/** Users of a board: a comma string (GROUP_CONCAT), a list of emails or person objects, null, []. */
export const readUsers = readAssignees;

export function readTag(v: unknown): Tag | undefined {
  if (!isRecord(v)) return undefined;
  const f = new Fields(v);
  const Id = readNumId(f.get('Id', 'TagId'));
  const Name = readText(f.get('Name', 'TagName'));
  if (Id === undefined || Name === undefined) return undefined;
  return { Id, Name, Color: readText(f.get('Color', 'Colour')) ?? '', BoardId: readNumId(f.get('BoardId')) ?? 0 };
}

/** A list of tags: entries that aren't tags are left out (they only decorate). */
export function readTags(v: unknown): Tag[] {
  if (!Array.isArray(v)) return [];
  const out: Tag[] = [];
  for (const t of v) {
    const tag = readTag(t);
    if (tag !== undefined) out.push(tag);
  }
  return out;
}

export function readBoard(v: unknown): BoardRow {
  if (!isRecord(v)) return { unreadable: `the entry is ${kindOf(v)}, not a board`, rawId: null };
  const f = new Fields(v);
  const Id = readNumId(f.get('Id', 'BoardId'));
  if (Id === undefined) return { unreadable: 'it has no board id', rawId: rawIdOf(f, ['Id', 'BoardId']) };
  const Name = readText(f.get('Name', 'BoardName'));
  return {
    Id,
    Name: Name ?? `Board ${Id}`,
    Owner: readText(f.get('Owner', 'BoardOwnerEmail', 'OwnerEmail')) ?? '',
    Users: readUsers(f.get('Users', 'Members', 'ContributorEmails')),
    IntegrationType: orNull(readText(f.get('IntegrationType'))),
  };
}

export function readColumn(v: unknown): Column | Unreadable {
  if (!isRecord(v)) return { unreadable: `the entry is ${kindOf(v)}, not a column`, rawId: null };
  const f = new Fields(v);
  const Id = readNumId(f.get('Id', 'BoardColumnId'));
  if (Id === undefined) return { unreadable: 'it has no numeric column id', rawId: rawIdOf(f, ['Id', 'ColumnId']) };
  const label = readText(f.get('ColumnId', 'LabelId'));
  return {
    Id,
    ColumnId: label === undefined || label === '' ? null : label,
    Name: readText(f.get('Name', 'LabelName', 'ColumnName')) ?? `Column ${Id}`,
  };
}

export function readComment(v: unknown): Comment | undefined {
  if (!isRecord(v)) return undefined;
  const f = new Fields(v);
  const CommentId = readNumId(f.get('CommentId', 'Id'));
  const body = readText(f.get('Comment', 'Body'));
  if (CommentId === undefined || body === undefined) return undefined;
  const email = readText(f.get('UserEmail'));
  const mentions = readMentions(f.get('Mentions'));
  return {
    CommentId,
    UserId: orNull(readNumId(f.get('UserId'))),
    Comment: body,
    EntityId: readCardId(f.get('EntityId', 'CardId')) ?? '',
    CreatedAt: orNull(readText(f.get('CreatedAt'))),
    ...(email !== undefined ? { UserEmail: email } : {}),
    ...(mentions !== undefined ? { Mentions: mentions } : {}),
  };
}

/** The people a comment mentions: those with an address kept, anything else dropped. */
function readMentions(v: unknown): { Email: string; Name: string }[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.flatMap((m) => {
    if (!isRecord(m)) return [];
    const g = new Fields(m);
    const Email = readText(g.get('Email'));
    return Email === undefined ? [] : [{ Email, Name: readText(g.get('Name')) ?? Email }];
  });
}

// ------------------------------------------------------------------ email sequences

/** LastSent: null or a value whose form is unshown; kept as text. */
export const SequenceEntryRead = EmailSequenceEntry.extend({
  LastSent: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v))),
});
/** The sequence id is documented as a string; a numeric id is accepted and held as text. */
export const SequenceDetailRead = EmailSequenceDetail.extend({
  Id: z.union([z.string(), z.number()]).transform(String),
});
