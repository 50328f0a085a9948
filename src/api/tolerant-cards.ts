/**
 * The client's tolerant reading of cards: a listed row, an archived row and
 * the detail, by the rules of tolerant.ts (whose field access they use).
 */
import { versionOfETag } from './errors.js';
import { normaliseDueDate } from './normalise.js';
import type {
  ArchivedCardRow,
  Card,
  CardDetail,
  CardId,
  CardRow,
  Note,
  SnoozedCardRow,
  SubTask,
} from './read-model.js';
import {
  Fields,
  isRecord,
  kindOf,
  orNull,
  rawIdOf,
  readAssignees,
  readCardId,
  readComment,
  readNumId,
  readTags,
  readText,
} from './tolerant.js';

/** ReadUnreadStatus: 0/1, booleans, "0"/"1", "read"/"unread"/"unread-mail". Absent: read. */
function readUnreadFlag(v: unknown): number {
  if (v === 0 || v === false || v === '0') return 0;
  if (typeof v === 'string' && /^unread/i.test(v.trim())) return 0;
  return 1;
}

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

/** The fields every card reading shares (readCardDetail keeps only those the server sent). */
function cardFields(f: Fields): Omit<Card, 'ServiceTaskId' | 'TaskName'> {
  const tags = f.get('Tags');
  return {
    ReadUnreadStatus: readUnreadFlag(f.get('ReadUnreadStatus', 'ReadStatus')),
    ColumnId: orNull(readText(f.get('ColumnId'))),
    BoardId: orNull(readNumId(f.get('BoardId'))),
    DueDate: normaliseDueDate(f.get('DueDate')),
    Assignees: readAssignees(f.get('Assignees', 'Assignee')),
    ThreadOwnerEmail: readText(f.get('ThreadOwnerEmail', 'OwnerEmail', 'Owner')) ?? '',
    CreatedAt: orNull(readText(f.get('CreatedAt', 'CreatedOn'))),
    Status: orNull(readText(f.get('Status', 'CardStatus'))),
    CustomFields: readCustomFields(f.get('CustomFields')),
    ...(Array.isArray(tags) ? { Tags: readTags(tags) } : {}),
    ...threadSummary(f),
    ...versionOf(f),
    ...waitingOf(f),
    ...urlOf(f),
  };
}

/** The waiting extensions' fields, each only when the server sent it in a form that reads. */
function waitingOf(
  f: Fields,
): Pick<Card, 'WaitingSince' | 'ResponseDue' | 'ResponseTarget' | 'Snoozed' | 'BackFromSnooze'> {
  const out: Pick<Card, 'WaitingSince' | 'ResponseDue' | 'ResponseTarget' | 'Snoozed' | 'BackFromSnooze'> = {};
  const time = (v: unknown) =>
    v === null ? null : typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : undefined;
  const since = time(f.get('WaitingSince'));
  if (since !== undefined) out.WaitingSince = since;
  const due = time(f.get('ResponseDue'));
  if (due !== undefined) out.ResponseDue = due;
  const target = f.get('ResponseTarget');
  if (target === 'first' || target === 'next' || target === null) out.ResponseTarget = target;
  const snoozed = f.get('Snoozed');
  if (snoozed === null) out.Snoozed = null;
  else if (isRecord(snoozed)) {
    const s = new Fields(snoozed);
    const by = readText(s.get('By'));
    out.Snoozed = { Until: time(s.get('Until')) ?? null, UntilReply: s.get('UntilReply') === true, By: by ?? null };
  }
  const back = f.get('BackFromSnooze');
  if (typeof back === 'boolean') out.BackFromSnooze = back;
  return out;
}

const URL_FIELDS = ['Url', 'WebUrl', 'CardUrl', 'Link', 'Permalink'];

/** The card's web address, when the server gives one; only http(s): it is handed to your commands (`{{url}}`). */
function urlOf(f: Fields): { Url?: string } {
  const v = readText(f.get(...URL_FIELDS));
  if (v === undefined) return {};
  try {
    const u = new URL(v.trim());
    return u.protocol === 'https:' || u.protocol === 'http:' ? { Url: u.href } : {};
  } catch {
    return {};
  }
}

/** `Version`, a positive whole number (or its text, or an ETag's form); anything else: no version. */
function versionOf(f: Fields): { Version?: number } {
  const v = f.get('Version', 'ETag');
  const n = typeof v === 'number' ? v : versionOfETag(v);
  return n !== undefined && Number.isSafeInteger(n) && n > 0 ? { Version: n } : {};
}

/** A thread's sender and preview, from `threadInfoJson` (an object, or JSON in a string) when a server sends it. */
function threadSummary(f: Fields): { Sender?: string; Snippet?: string } {
  let info = f.get('threadInfoJson');
  if (typeof info === 'string') {
    try {
      info = JSON.parse(info) as unknown;
    } catch {
      return {};
    }
  }
  if (!isRecord(info)) return {};
  const i = new Fields(info);
  const sender = readText(i.get('msgFrom'));
  const snippet = readText(i.get('messages'));
  return {
    ...(sender !== undefined && sender !== '' ? { Sender: sender } : {}),
    ...(snippet !== undefined && snippet !== '' ? { Snippet: snippet } : {}),
  };
}

export function readCard(v: unknown): CardRow {
  if (!isRecord(v)) return { unreadable: `the row is ${kindOf(v)}, not a card`, rawId: null };
  const f = new Fields(v);
  const id = readCardId(f.get(...CARD_ID));
  if (id === undefined) return { unreadable: 'it has no card id', rawId: rawIdOf(f, CARD_ID) };
  const title = f.get(...CARD_TITLE);
  const TaskName = title === undefined || title === null ? '' : readText(title);
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
  const Body = readText(f.get('Body', 'Note', 'Text'));
  if (Body === undefined) return undefined;
  return {
    NoteId: readNumId(f.get('NoteId', 'Id')) ?? 0,
    Body,
    UserId: orNull(readNumId(f.get('UserId'))),
    CreatedAt: orNull(readText(f.get('CreatedAt'))),
  };
};

const readSubTask = (v: unknown): SubTask | undefined => {
  if (!isRecord(v)) return undefined;
  const f = new Fields(v);
  const Body = readText(f.get('Body', 'SubTask', 'Text', 'Title'));
  if (Body === undefined) return undefined;
  return {
    SubTaskId: readNumId(f.get('SubTaskId', 'Id')) ?? 0,
    Body,
    UserId: orNull(readNumId(f.get('UserId'))),
    CreatedAt: orNull(readText(f.get('CreatedAt'))),
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
  return { ...row, ArchivedAt: isRecord(v) ? orNull(readText(new Fields(v).get('ArchivedAt'))) : null };
}

/** A row of a board's snoozed cards (extension `snooze`): a card, and the column it comes back to. */
export function readSnoozedCard(v: unknown): SnoozedCardRow {
  const row = readCard(v);
  if ('unreadable' in row) return row;
  return { ...row, ColumnName: (isRecord(v) ? readText(new Fields(v).get('ColumnName')) : undefined) ?? '' };
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
  const title = readText(f.get(...CARD_TITLE));
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
    Version: ['Version', 'ETag'],
    WaitingSince: ['WaitingSince'],
    ResponseDue: ['ResponseDue'],
    ResponseTarget: ['ResponseTarget'],
    Snoozed: ['Snoozed'],
    BackFromSnooze: ['BackFromSnooze'],
    Url: URL_FIELDS,
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
