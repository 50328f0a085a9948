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
 */
import { z } from 'zod';
import { normaliseAssignees, normaliseDueDate } from './normalise.js';
import { EmailSequenceDetail, EmailSequenceEntry } from './schema.js';
import type {
  ArchivedCardRow,
  BoardRow,
  Card,
  CardDetail,
  CardId,
  CardRow,
  Column,
  Comment,
  Note,
  SubTask,
  Tag,
  Unreadable,
} from './read-model.js';

export * from './read-model.js';

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

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** The raw id of a row, for "unreadable" lines: whatever it carried, as short text. */
function rawIdOf(f: Fields, names: string[]): string | null {
  const v = f.get(...names);
  if (v === undefined || v === null) return null;
  const s = typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
  return s.slice(0, 40);
}

const kindOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;

// ------------------------------------------------------------------ readers

/** ReadUnreadStatus: 0/1, booleans, "0"/"1", "read"/"unread"/"unread-mail". Absent: read. */
function readUnreadFlag(v: unknown): number {
  if (v === 0 || v === false || v === '0') return 0;
  if (typeof v === 'string' && /^unread/i.test(v.trim())) return 0;
  return 1;
}

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

/** CustomFields: kept as text whatever it holds; a structure is written back as JSON text. */
function readCustomFields(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? null;
  } catch {
    return null;
  }
}

const CARD_ID = ['ServiceTaskId', 'DragTaskId', 'TaskId', 'Id', 'CardId'];
const CARD_TITLE = ['TaskName', 'Title', 'Name', 'Subject'];

export function readTag(v: unknown): Tag | undefined {
  if (!isRecord(v)) return undefined;
  const f = new Fields(v);
  const Id = readNumId(f.get('Id', 'TagId'));
  const Name = text(f.get('Name', 'TagName'));
  if (Id === undefined || Name === undefined) return undefined;
  return { Id, Name, Color: text(f.get('Color', 'Colour')) ?? '', BoardId: readNumId(f.get('BoardId')) ?? 0 };
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
  const Name = text(f.get('Name', 'BoardName'));
  return {
    Id,
    Name: Name ?? `Board ${Id}`,
    Owner: text(f.get('Owner', 'BoardOwnerEmail', 'OwnerEmail')) ?? '',
    Users: readUsers(f.get('Users', 'Members', 'ContributorEmails')),
    IntegrationType: orNull(text(f.get('IntegrationType'))),
  };
}

export function readColumn(v: unknown): Column | Unreadable {
  if (!isRecord(v)) return { unreadable: `the entry is ${kindOf(v)}, not a column`, rawId: null };
  const f = new Fields(v);
  const Id = readNumId(f.get('Id', 'BoardColumnId'));
  if (Id === undefined) return { unreadable: 'it has no numeric column id', rawId: rawIdOf(f, ['Id', 'ColumnId']) };
  const label = text(f.get('ColumnId', 'LabelId'));
  return {
    Id,
    ColumnId: label === undefined || label === '' ? null : label,
    Name: text(f.get('Name', 'LabelName', 'ColumnName')) ?? `Column ${Id}`,
  };
}

/** The fields every card reading shares; `present` limits them to what the server sent. */
function cardFields(f: Fields): Omit<Card, 'ServiceTaskId' | 'TaskName'> {
  const tags = f.get('Tags');
  return {
    ReadUnreadStatus: readUnreadFlag(f.get('ReadUnreadStatus', 'ReadStatus')),
    ColumnId: orNull(text(f.get('ColumnId'))),
    BoardId: orNull(readNumId(f.get('BoardId'))),
    DueDate: normaliseDueDate(f.get('DueDate')),
    Assignees: readAssignees(f.get('Assignees', 'Assignee')),
    ThreadOwnerEmail: text(f.get('ThreadOwnerEmail', 'OwnerEmail', 'Owner')) ?? '',
    CreatedAt: orNull(text(f.get('CreatedAt', 'CreatedOn'))),
    Status: orNull(text(f.get('Status', 'CardStatus'))),
    CustomFields: readCustomFields(f.get('CustomFields')),
    ...(Array.isArray(tags) ? { Tags: readTags(tags) } : {}),
  };
}

export function readCard(v: unknown): CardRow {
  if (!isRecord(v)) return { unreadable: `the row is ${kindOf(v)}, not a card`, rawId: null };
  const f = new Fields(v);
  const id = readCardId(f.get(...CARD_ID));
  if (id === undefined) return { unreadable: 'it has no card id', rawId: rawIdOf(f, CARD_ID) };
  const title = f.get(...CARD_TITLE);
  const TaskName = title === undefined || title === null ? '' : text(title);
  if (TaskName === undefined) return { unreadable: `its title is ${kindOf(title)}`, rawId: id };
  return { ServiceTaskId: id, TaskName, ...cardFields(f) };
}

function readList<T>(v: unknown, one: (x: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: T[] = [];
  for (const x of v) {
    const r = one(x);
    if (r !== undefined) out.push(r);
  }
  return out;
}

const readNote = (v: unknown): Note | undefined => {
  if (!isRecord(v)) return typeof v === 'string' ? { NoteId: 0, Body: v, UserId: null, CreatedAt: null } : undefined;
  const f = new Fields(v);
  const Body = text(f.get('Body', 'Note', 'Text'));
  if (Body === undefined) return undefined;
  return {
    NoteId: readNumId(f.get('NoteId', 'Id')) ?? 0,
    Body,
    UserId: orNull(readNumId(f.get('UserId'))),
    CreatedAt: orNull(text(f.get('CreatedAt'))),
  };
};

const readSubTask = (v: unknown): SubTask | undefined => {
  if (!isRecord(v)) return undefined;
  const f = new Fields(v);
  const Body = text(f.get('Body', 'SubTask', 'Text', 'Title'));
  if (Body === undefined) return undefined;
  return {
    SubTaskId: readNumId(f.get('SubTaskId', 'Id')) ?? 0,
    Body,
    UserId: orNull(readNumId(f.get('UserId'))),
    CreatedAt: orNull(text(f.get('CreatedAt'))),
    ...doneOf(f.get('Done', 'Completed', 'IsDone')),
  };
};

/** A sub-task's tick (extension `tickSubTask`): booleans, 0/1, "true"/"false"; absent when not said. */
function doneOf(v: unknown): { Done?: boolean } {
  if (v === true || v === 1 || v === '1' || (typeof v === 'string' && v.trim().toLowerCase() === 'true'))
    return { Done: true };
  if (v === false || v === 0 || v === '0' || (typeof v === 'string' && v.trim().toLowerCase() === 'false'))
    return { Done: false };
  return {};
}

/** A row of a board's archived cards (extension `archivedCards`): a card, and when it was archived. */
export function readArchivedCard(v: unknown): ArchivedCardRow {
  const row = readCard(v);
  if ('unreadable' in row) return row;
  // readCard read a record: it has a card id.
  return { ...row, ArchivedAt: isRecord(v) ? orNull(text(new Fields(v).get('ArchivedAt'))) : null };
}

export function readComment(v: unknown): Comment | undefined {
  if (!isRecord(v)) return undefined;
  const f = new Fields(v);
  const CommentId = readNumId(f.get('CommentId', 'Id'));
  const body = text(f.get('Comment', 'Body'));
  if (CommentId === undefined || body === undefined) return undefined;
  const email = text(f.get('UserEmail'));
  return {
    CommentId,
    UserId: orNull(readNumId(f.get('UserId'))),
    Comment: body,
    EntityId: readCardId(f.get('EntityId', 'CardId')) ?? '',
    CreatedAt: orNull(text(f.get('CreatedAt'))),
    ...(email !== undefined ? { UserEmail: email } : {}),
  };
}

/**
 * GET /v2/card/:id: the fields the server sent, nothing invented. `askedId`
 * stands in when the answer carries no id (the id in the path is the card's).
 */
export function readCardDetail(v: unknown, askedId: CardId): CardDetail | undefined {
  if (!isRecord(v)) return undefined;
  const f = new Fields(v);
  const all = cardFields(f);
  const d: CardDetail = { ServiceTaskId: readCardId(f.get(...CARD_ID)) ?? askedId };
  const title = text(f.get(...CARD_TITLE));
  if (title !== undefined) d.TaskName = title;
  const sent: Record<keyof typeof all, string[]> = {
    ReadUnreadStatus: ['ReadUnreadStatus', 'ReadStatus'],
    ColumnId: ['ColumnId'],
    BoardId: ['BoardId'],
    DueDate: ['DueDate'],
    Assignees: ['Assignees', 'Assignee'],
    ThreadOwnerEmail: ['ThreadOwnerEmail', 'OwnerEmail', 'Owner'],
    CreatedAt: ['CreatedAt', 'CreatedOn'],
    Status: ['Status', 'CardStatus'],
    CustomFields: ['CustomFields'],
    Tags: ['Tags'],
    Sender: ['Sender'],
    Snippet: ['Snippet'],
  };
  for (const k of Object.keys(sent) as (keyof typeof all)[]) {
    if (f.has(...sent[k]) && all[k] !== undefined) Object.assign(d, { [k]: all[k] });
  }
  const note = f.get('Note');
  if (typeof note === 'string') d.Note = note;
  const archived = f.get('Archived');
  if (typeof archived === 'boolean') d.Archived = archived;
  const notes = readList(f.get('Notes'), readNote);
  if (notes !== undefined) d.Notes = notes;
  const comments = readList(f.get('Comments'), readComment);
  if (comments !== undefined) d.Comments = comments;
  const subTasks = readList(f.get('SubTasks', 'Checklist'), readSubTask);
  if (subTasks !== undefined) d.SubTasks = subTasks;
  return d;
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
