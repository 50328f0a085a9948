/**
 * The recorded service's data (test/support/recorded-service.ts), its
 * bookkeeping, and the shapes it serves. Every shape follows what the
 * vendor's own public client (nick-timms/drag-mcp-server, src/api/types.ts,
 * src/api/shaping.ts, src/tools/*.ts) records about the real service, not
 * the API reference; each cites the file and what it says.
 */

/**
 * A card id held exactly as text. Serialised as a raw JSON number when it is
 * digits only (so 9007199254740993 reaches the wire digit for digit, which
 * no JS number can do) and as a JSON string otherwise.
 */
export class RawId {
  constructor(readonly text: string) {}
}

/** JSON.stringify with RawId support; undefined members are left out as JSON.stringify does. */
export function toJson(v: unknown): string {
  if (v instanceof RawId) return /^(0|[1-9]\d*)$/.test(v.text) ? v.text : JSON.stringify(v.text);
  if (Array.isArray(v)) return `[${v.map((x) => (x === undefined ? 'null' : toJson(x))).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const parts: string[] = [];
    for (const [k, x] of Object.entries(v)) if (x !== undefined) parts.push(`${JSON.stringify(k)}:${toJson(x)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export interface BoardRec {
  id: number;
  name: string;
  owner: string;
  // types.ts Board.Users: "comma-separated string from GROUP_CONCAT or empty array"
  users: string | string[];
  // types.ts Board.IntegrationType: '"WHATSAPP" for WhatsApp boards, null/absent for email boards'
  integrationType?: 'WHATSAPP' | null;
}

/** `label` is what cards carry as ColumnId; it is never served on the column itself. */
export interface ColumnRec {
  id: number;
  boardId: number;
  name: string;
  label: string;
}

/** `form`: how the card is written when listed, one of the three casings the vendor's client reads. */
export interface CardRec {
  id: string;
  title: string;
  boardId: number;
  columnId: number;
  form: 'pascal' | 'camel' | 'minimal';
  read: 0 | 1;
  assignees: string | null;
  customFields: string;
  dueDate: string | null;
  owner: string;
  createdAt: string;
  status: string;
  note: string;
  archived: boolean;
}

export interface TagRec {
  id: number;
  name: string;
  color: string;
  boardId: number;
}

export interface World {
  boards: BoardRec[];
  columns: ColumnRec[];
  cards: Map<string, CardRec>;
  /** Column id → its rows top first: a card id, or null for the unreadable row. */
  rows: Map<number, (string | null)[]>;
  tags: TagRec[];
  comments: Map<number, { cardId: string; entry: Entry; createdAt: string }>;
  /** What was done, for tests to read (RecordedService exposes these arrays). */
  log: {
    archived: string[];
    comments: Entry[];
    notes: Entry[];
    subTasks: Entry[];
    tagsAdded: { cardId: string; tagId: string }[];
  };
  /** A logical clock: new things get deterministic, increasing timestamps. */
  tick: number;
  next: { task: number; comment: number; tag: number; column: number; board: number };
}

export type Entry = { cardId: string; body: string };

export const OWNER = 'owner@example.com';
export const USER_ID = 7;

// The unreadable board entry: no Id, no Name (boards.ts get_board: "The API
// omits Id for some boards"), so a client must skip it and keep going.
export const UNREADABLE_BOARD = { Owner: 'x@example.com' };
// The unreadable card row: no id under any casing, and a title that is no string.
export const UNREADABLE_ROW = { TaskName: { oops: true } };

/** Created fresh for each start, so every test sees the same world. */
export function seed(): World {
  const boards: BoardRec[] = [
    { id: 1, name: 'Support inbox', owner: OWNER, users: 'ana@example.com,ben@example.com', integrationType: null },
    // types.ts: Users may be "empty array"; IntegrationType "null/absent" on email boards (absent here).
    { id: 2, name: 'Sales', owner: OWNER, users: [] },
    { id: 3, name: 'WhatsApp', owner: OWNER, users: [], integrationType: 'WHATSAPP' },
  ];
  // cards.ts normalizeColumnId: card ColumnIds look like "Label_1", "Label_9726643905";
  // cards.ts list_cards_in_column: the v2 endpoint resolves "an internal numeric ID".
  const columns: ColumnRec[] = [
    { id: 11, boardId: 1, name: 'New', label: 'Label_9726643905' },
    { id: 12, boardId: 1, name: 'In progress', label: 'Label_9726643906' },
    { id: 13, boardId: 1, name: 'Done', label: 'Label_9726644020' },
    { id: 21, boardId: 2, name: 'Leads', label: 'Label_1' },
    { id: 22, boardId: 2, name: 'Won', label: 'Label_2' },
    { id: 31, boardId: 3, name: 'Chats', label: 'Label_8812000001' },
  ];
  const base = (id: string, title: string, boardId: number, columnId: number): CardRec => ({
    id,
    title,
    boardId,
    columnId,
    form: 'pascal',
    read: 1,
    assignees: null,
    customFields: '{}',
    dueDate: null,
    owner: OWNER,
    createdAt: '2025-03-03T09:15:27.000Z',
    status: '1',
    note: '',
    archived: false,
  });
  const list: CardRec[] = [
    // types.ts Card.Assignees: "string | null"; WhatsAppCardItem.assignees: "JSON string array".
    {
      ...base('101', 'Re: Invoice #10482', 1, 11),
      read: 0,
      assignees: '["ana@example.com"]',
      note: 'Customer says the total is wrong.',
    },
    // cards.ts entityTypeFor: task ids are digits; this one is past 2^53.
    {
      ...base('9007199254740993', 'Big id: quarterly export', 1, 11),
      customFields: '[]',
      createdAt: '2025-03-03T10:02:11.512Z',
    },
    // cards.ts entityTypeFor: "Email/thread IDs are hex strings of ~16 chars".
    {
      ...base('18c2f3a9b4d5e6f7', 'Refund request from Zoë', 1, 11),
      assignees: '["ana@example.com","ben@example.com"]',
    },
    // shaping.ts shapeCardCompact: "The v2 API may return fields under different casing".
    // Assignees as a plain comma string: types.ts only says "string | null", so a client can't rely on JSON.
    {
      ...base('102', 'Password reset loop', 1, 11),
      form: 'camel',
      assignees: 'ana@example.com,ben@example.com',
      customFields: '{oops',
    },
    // shaping.ts shapeCardCompact falls back to raw.Id and raw.Title.
    { ...base('103', 'Call back Müller', 1, 11), form: 'minimal' },
    // shaping.ts shapeWhatsappCardCompact: 'The entity ID is "wamid-<phoneNumber>-<userId>-<boardId>"'.
    { ...base('wamid-4915112345678-7-1', 'WhatsApp: Lena asks about delivery', 1, 12), read: 0 },
    // encoding.ts isoToBackendDueDate: the backend's due date is "YYYY-MM-DD HH:MM:SS".
    { ...base('104', 'Draft the FAQ', 1, 12), dueDate: '2025-03-14 17:00:00', status: '2' },
    { ...base('201', 'Acme renewal', 2, 21), owner: 'ben@example.com' },
    { ...base('wamid-4915100000000-7-3', 'WhatsApp: Max', 3, 31), read: 0 },
  ];
  const rows = new Map<number, (string | null)[]>(columns.map((c) => [c.id, []]));
  for (const c of list) rows.get(c.columnId)?.push(c.id);
  rows.get(11)?.push(null);
  return {
    boards,
    columns,
    cards: new Map(list.map((c) => [c.id, c])),
    rows,
    // types.ts Tag: "Color: string" in responses.
    tags: [
      { id: 1, name: 'Urgent', color: '1', boardId: 1 },
      { id: 2, name: 'Billing', color: '6', boardId: 1 },
    ],
    comments: new Map(),
    log: { archived: [], comments: [], notes: [], subTasks: [], tagsAdded: [] },
    tick: 0,
    next: { task: 105, comment: 9001, tag: 3, column: 40, board: 4 },
  };
}

export function boardShape(b: BoardRec): Record<string, unknown> {
  // types.ts Board: "{ Id: number, Name: string, Owner: string, Users: unknown[] }" (+ IntegrationType)
  return { Id: b.id, Name: b.name, Owner: b.owner, Users: b.users, IntegrationType: b.integrationType };
}

// types.ts Column: "Shape: { Id: number, Name: string } — no ColumnId field"
export const columnShape = (c: ColumnRec) => ({ Id: c.id, Name: c.name });

/** A card as the column-cards endpoint lists it. */
export function cardRow(c: CardRec, label: string): Record<string, unknown> {
  const id = new RawId(c.id);
  // shaping.ts shapeCardCompact reads raw.Id / raw.Title when nothing else is there.
  if (c.form === 'minimal') return { Id: id, Title: c.title };
  // types.ts Card: DragTaskId (not ServiceTaskId), ColumnId string, CustomFields "JSON string".
  const row: Record<string, unknown> = {
    DragTaskId: id,
    TaskName: c.title,
    ReadUnreadStatus: c.read,
    ColumnId: label,
    BoardId: c.boardId,
    DueDate: c.dueDate,
    Assignees: c.assignees,
    ThreadOwnerEmail: c.owner,
    CreatedAt: c.createdAt,
    Status: c.status,
    CustomFields: c.customFields,
  };
  if (c.form === 'pascal') return row;
  // shaping.ts shapeCardCompact falls back to raw.readUnreadStatus, raw.columnId, raw.boardId, raw.dueDate,
  // raw.assignees, raw.threadOwnerEmail, raw.createdAt, raw.status, raw.customFields: the same keys, camelCase.
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k[0]!.toLowerCase() + k.slice(1), v]));
}

// cards.ts get_card: 'The v2 /v2/card/:id GET path only returns { Id, Title, Note, BoardId }'.
export const cardDetail = (c: CardRec) => ({ Id: new RawId(c.id), Title: c.title, Note: c.note, BoardId: c.boardId });

// types.ts EmailSequence: the list entry's fields; the reference shows it bare, one entry.
export const EMAIL_SEQUENCE_ENTRY = {
  EmailTemplateId: 501,
  UserId: USER_ID,
  Name: 'Onboarding follow-up',
  CreatedAt: '2025-02-01T08:00:00.000Z',
  Content: '<p>Hi {{firstName}}, just checking in.</p>',
  Subject: 'Checking in',
  EmailFollowupId: 601,
  TotalViewCount: 12,
  LastSent: null,
  OwnerName: 'Owen Owner',
  OwnerEmail: OWNER,
};

// types.ts EmailSequenceDetail / EmailFollowup: Id a string; Content, Hours, Minutes optional.
export const EMAIL_SEQUENCE_DETAIL = {
  Id: '501',
  Name: 'Onboarding follow-up',
  CreatedAt: '2025-02-01T08:00:00.000Z',
  EmailFollowups: [
    {
      EmailFollowupId: 601,
      Subject: 'Checking in',
      Content: '<p>Hi {{firstName}}</p>',
      Days: 2,
      Duration: 'days',
      Hours: 0,
      Minutes: 30,
      Sequence: 1,
    },
    { EmailFollowupId: 602, Subject: 'Last nudge', Days: 5, Duration: 'days', Sequence: 2 },
  ],
};

/** Where a column's rows live (created empty on first use). */
export function rowsIn(w: World, columnId: number): (string | null)[] {
  let r = w.rows.get(columnId);
  if (!r) w.rows.set(columnId, (r = []));
  return r;
}

/** Only the numeric Id finds a column, and only on its own board: a "Label_<n>" value never does. */
export function findColumn(w: World, v: unknown, boardId: number | undefined): ColumnRec | undefined {
  const id = intOf(v);
  return w.columns.find((c) => c.id === id && c.boardId === boardId);
}

export function unplace(w: World, c: CardRec): void {
  const from = rowsIn(w, c.columnId);
  const i = from.indexOf(c.id);
  if (i >= 0) from.splice(i, 1);
}

/** Into `col` at `pos` (0 = top; past the end = last); the unreadable row counts as a row. */
export function place(w: World, c: CardRec, col: ColumnRec, pos: number): void {
  unplace(w, c);
  const to = rowsIn(w, col.id);
  to.splice(Math.min(pos, to.length), 0, c.id);
  c.columnId = col.id;
  c.boardId = col.boardId;
}

/** A card that isn't archived, by its exact id. */
export function activeCard(w: World, id: string | undefined): CardRec | undefined {
  const c = id === undefined ? undefined : w.cards.get(id);
  return c && !c.archived ? c : undefined;
}

export const now = (w: World) => new Date(Date.UTC(2025, 2, 10, 9, w.tick++)).toISOString();

export function addComment(w: World, cardId: string, body: string): number {
  const id = w.next.comment++;
  const entry = { cardId, body };
  w.comments.set(id, { cardId, entry, createdAt: now(w) });
  w.log.comments.push(entry);
  return id;
}

// types.ts Comment: CommentId, UserId, Comment, EntityId (a string), CreatedAt; the
// reference's update answer has no UserId.
export function commentShape(w: World, id: number, withUser: boolean) {
  const cm = w.comments.get(id);
  if (!cm) return undefined;
  return {
    CommentId: id,
    UserId: withUser ? USER_ID : undefined,
    Comment: cm.entry.body,
    EntityId: cm.cardId,
    CreatedAt: cm.createdAt,
  };
}

/** Note, Comment and SubTask riding on a create or update body. */
export function extras(w: World, c: CardRec, b: Body): void {
  const note = textOf(b.Note),
    comment = textOf(b.Comment),
    subTask = textOf(b.SubTask);
  if (note) {
    c.note = note;
    w.log.notes.push({ cardId: c.id, body: note });
  }
  if (comment) addComment(w, c.id, comment);
  if (subTask) w.log.subTasks.push({ cardId: c.id, body: subTask });
}

// ─── The wire: answers, envelopes, request fields ───────────────────

export interface Answer {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}
export type Body = Record<string, unknown>;

export const json = (status: number, v: unknown): Answer => ({ status, body: toJson(v) });
export const ok = (data: unknown): Answer => json(200, { message: 'Success', error: false, code: 200, data });
export const fail = (code: number, message: string): Answer => json(code, { message, error: true, code });
// cards.ts list_cards_in_column: the v2 column lookup fails with "Invalid ColumnId Or BoardId".
export const badColumn = () => fail(400, 'Invalid ColumnId Or BoardId');
export const noCard = () => fail(404, 'Card not found');

/** A whole number given as a JSON number or as a string of digits. */
export function intOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  return undefined;
}
/** A request body: {} when empty, undefined when it is not a JSON object. */
export function parseBody(raw: string): Body | undefined {
  if (raw.trim() === '') return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : undefined;
  } catch {
    return undefined;
  }
}

export const textOf = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/**
 * An id from a body: a string is taken exactly; a JSON number beyond 2^53 - 1
 * can't be what the caller meant (its JSON.parse or JS number rounded it), so
 * it is refused rather than matched against the wrong card.
 */
export function idField(b: Body, key: string): string | Answer {
  const v = b[key];
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isInteger(v)) {
    return Number.isSafeInteger(v) ? String(v) : fail(400, `${key} lost precision`);
  }
  return fail(400, `${key} is required`);
}

/** Assignee list → the JSON-in-a-string the service stores; null unassigns. */
export function assigneesOf(v: unknown): string | null {
  if (Array.isArray(v)) {
    const emails = v.filter((x): x is string => typeof x === 'string');
    return emails.length > 0 ? JSON.stringify(emails) : null;
  }
  return typeof v === 'string' && v !== '' ? JSON.stringify([v]) : null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/**
 * Express's default 404 page (finalhandler): what the real service answers
 * for a route it doesn't have. The reference lists PUT /v2/card/:id/tags and
 * POST /v2/email-sequence only as "families"; the vendor's client never calls
 * them (tags.ts adds tags with POST /v2/card/:id/tags only).
 */
export function expressNotFound(method: string, path: string): Answer {
  return {
    status: 404,
    contentType: 'text/html; charset=utf-8',
    headers: { 'content-security-policy': "default-src 'none'", 'x-content-type-options': 'nosniff' },
    body:
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n' +
      `<body>\n<pre>Cannot ${escapeHtml(method)} ${escapeHtml(path)}</pre>\n</body>\n</html>\n`,
  };
}
