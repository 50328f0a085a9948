/**
 * DragApp's v1.18 answers read into the client's model (read-model.ts):
 * the one-call board list with its `Label_N` columns, a column's items (email
 * threads, tasks and WhatsApp cards mixed, keyed by id), and the card detail.
 * Read tolerantly like tolerant.ts: a field in either casing, a row that
 * can't be read becomes `Unreadable`, never a failure of its neighbours.
 */
import { normaliseDueDate } from '../normalise.js';
import { Fields, isRecord, readAssignees, readCardId, readNumId, readUsers } from '../tolerant.js';
import { type Board, type Card, type CardDetail, type CardId, type CardRow } from '../read-model.js';

/** The request-side entity type: "0" email thread, "1" task, "3" WhatsApp. */
export type EntityType = '0' | '1' | '3';

export interface DragColumn {
  /** Exactly as the service names it ("Label_1"): what its routes expect. */
  labelId: string;
  /** The name without the service's internal "Drag-N#" / "Dteamboard-N-N#" prefix. */
  name: string;
}

export interface TeamBoards {
  boards: Board[];
  columns: Map<number, DragColumn[]>;
}

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

/** The prefix only, so a column really named "Sprint #3" keeps its "#". */
export const stripColumnPrefix = (name: string): string => name.replace(/^D(?:rag|teamboard)-[\d-]+#/, '');

/** GET /v1.18/teamBoard/boards, or undefined when the answer is not in that shape (not DragApp). */
export function readTeamBoards(v: unknown): TeamBoards | undefined {
  if (!isRecord(v) || !isRecord(v.ColumnsByBoard)) return undefined;
  const secondary: unknown[] = Array.isArray(v.SecondaryBoards) ? v.SecondaryBoards : [];
  const entries: unknown[] = [v.MainBoard, ...secondary];
  const boards: Board[] = [];
  for (const e of entries) {
    if (!isRecord(e)) continue;
    const f = new Fields(e);
    const Id = readNumId(f.get('BoardId', 'Id'));
    if (Id === undefined || boards.some((b) => b.Id === Id)) continue;
    boards.push({
      Id,
      Name: text(f.get('BoardName', 'Name')) ?? `Board ${Id}`,
      Owner: text(f.get('BoardOwnerEmail', 'Owner')) ?? '',
      Users: readUsers(f.get('ContributorEmails', 'Users')),
      IntegrationType: text(f.get('IntegrationType')) ?? null,
    });
  }
  const columns = new Map<number, DragColumn[]>();
  for (const [key, list] of Object.entries(v.ColumnsByBoard)) {
    const boardId = readNumId(key);
    if (boardId === undefined || !Array.isArray(list)) continue;
    const cols: DragColumn[] = [];
    for (const c of list) {
      if (!isRecord(c)) continue;
      const f = new Fields(c);
      const labelId = text(f.get('labelId'));
      if (labelId === undefined || labelId === '') continue;
      cols.push({ labelId, name: stripColumnPrefix(text(f.get('labelName')) ?? labelId) });
    }
    columns.set(boardId, cols);
  }
  return { boards, columns };
}

// eslint-disable-next-line no-control-regex -- control characters are what makes decoded bytes "not text"
const NOT_CLEAN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd]/;

/**
 * A task title: base64 of UTF-8 decoded only when it is canonical base64 and
 * decodes to clean text; ordinary words can be valid base64 by accident
 * ("Test"), and those stay as they are.
 */
export function decodeTitle(s: string): string {
  if (s.length < 4 || s.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(s)) return s;
  const bytes = Buffer.from(s, 'base64');
  if (bytes.toString('base64') !== s) return s;
  const out = bytes.toString('utf8');
  return out.trim() === '' || NOT_CLEAN.test(out) ? s : out;
}

/**
 * DragApp's due dates ("YYYY-MM-DD HH:mm:ss", no zone) read as UTC, the zone
 * its vendor's client writes them in; anything else as normalise.ts reads it.
 */
export function dueToIso(v: unknown): string | null {
  if (isRecord(v)) return dueToIso(v.date);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v.trim())) {
    return normaliseDueDate(`${v.trim().replace(' ', 'T')}Z`);
  }
  return normaliseDueDate(v);
}

/** ISO 8601 → the one format SaveDueDate accepts, in UTC. */
export function isoToDue(iso: string): string | undefined {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return undefined;
  return new Date(t).toISOString().slice(0, 19).replace('T', ' ');
}

/** What a thread's listing says of its latest message (`threadInfoJson`), for its one readable message. */
export interface ThreadSummary {
  from: string;
  to: string[];
  /** ISO 8601, from `msgDate` ("1772355600000@01 Mar 2026@9:00": epoch ms first). */
  date: string | null;
  subject: string;
  /** The mailbox the board reads; a message from it is one sent from the board. */
  owner: string;
}

/** A listed item with what later requests need to know about it. */
export interface ListedItem {
  row: CardRow;
  entityType?: EntityType;
  thread?: ThreadSummary;
}

/** `msgDate`'s epoch milliseconds, as ISO 8601; null when it has none. */
export function msgDateToIso(v: unknown): string | null {
  const ms = typeof v === 'string' ? /^\s*(\d{10,15})(?:@|$)/.exec(v)?.[1] : undefined;
  const t = ms === undefined ? Number.NaN : Number(ms);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

function readFlag(v: unknown): number {
  if (v === 0 || v === false || v === '0') return 0;
  return typeof v === 'string' && /^unread/i.test(v.trim()) ? 0 : 1;
}

/** One item of emailData/fetch: a task (`entityType` 0 there), a thread (1) or a WhatsApp card (3). */
export function readItem(v: unknown): ListedItem {
  if (!isRecord(v)) return { row: { unreadable: 'the item is not an object', rawId: null } };
  const f = new Fields(v);
  const kind = f.get('entityType');
  const isTask = f.has('taskId') || kind === 0 || kind === '0';
  const isWhatsApp = !isTask && (f.has('whatsappCardId') || kind === 3 || kind === '3');
  const id = readCardId(
    isTask ? f.get('taskId', 'id') : isWhatsApp ? f.get('whatsappCardId', 'id') : f.get('threadId', 'id'),
  );
  if (id === undefined) return { row: { unreadable: 'it has no card id', rawId: null } };
  const info = isRecord(f.get('threadInfoJson'))
    ? new Fields(f.get('threadInfoJson') as Record<string, unknown>)
    : undefined;
  const rawTitle = isTask
    ? (text(f.get('dragTaskName')) ?? decodeTitle(text(f.get('taskName')) ?? text(f.get('title')) ?? ''))
    : isWhatsApp
      ? (text(f.get('title')) ?? text(f.get('msgFrom')) ?? '')
      : (text(f.get('msgSubject')) ?? text(info?.get('msgSubj')) ?? text(f.get('title')) ?? '');
  const sender = isWhatsApp ? text(f.get('msgFrom')) : text(info?.get('msgFrom'));
  const snippet = isWhatsApp ? text(f.get('msgBody')) : text(info?.get('messages'));
  const card: Card = {
    ServiceTaskId: id,
    TaskName: rawTitle,
    ReadUnreadStatus: readFlag(f.get('readUnreadStatus', 'readStatus')),
    ColumnId: text(f.get('columnId')) ?? null,
    BoardId: readNumId(f.get('boardId')) ?? null,
    DueDate: dueToIso(f.get('dueDate')),
    Assignees: readAssignees(f.get('assignees')),
    ThreadOwnerEmail: text(f.get('threadOwnerEmail')) ?? '',
    CreatedAt: null,
    Status: text(f.get('cardStatus', 'status')) ?? null,
    CustomFields: typeof f.get('customFields') === 'string' ? (f.get('customFields') as string) : null,
    ...(sender !== undefined && sender !== '' ? { Sender: sender } : {}),
    ...(snippet !== undefined && snippet !== '' ? { Snippet: snippet } : {}),
  };
  const thread: ThreadSummary | undefined =
    info === undefined
      ? undefined
      : {
          from: sender ?? '',
          to: Array.isArray(info.get('msgTo')) ? (info.get('msgTo') as unknown[]).flatMap((t) => text(t) ?? []) : [],
          date: msgDateToIso(info.get('msgDate')) ?? msgDateToIso(info.get('SortingMsgDate')),
          subject: rawTitle,
          owner: card.ThreadOwnerEmail,
        };
  return { row: card, entityType: isTask ? '1' : isWhatsApp ? '3' : '0', ...(thread ? { thread } : {}) };
}

/**
 * A column's items from `{Response: {Label_N: {id: item}}}`, in the order
 * their `order` numbers give (the answer's keys can't carry it: numeric keys
 * come back sorted); undefined when the answer has no such map.
 */
export function readColumnItems(v: unknown, labelId: string): ListedItem[] | undefined {
  if (!isRecord(v) || !isRecord(v.Response)) return undefined;
  const map = v.Response[labelId] ?? (Object.keys(v.Response).length === 0 ? {} : undefined);
  if (!isRecord(map)) return undefined;
  const values = Object.values(map).map((x, i) => {
    const order = isRecord(x) ? readNumId(x.order) : undefined;
    return { x, i, order: order ?? Number.MAX_SAFE_INTEGER };
  });
  values.sort((a, b) => a.order - b.order || a.i - b.i);
  return values.map(({ x }) => readItem(x));
}

/** detail-page (top level) and, when it answered, GetEmailAssignees: only what they sent. */
export function readDetail(id: CardId, page: unknown, assignees: unknown): CardDetail | undefined {
  if (!isRecord(page)) return undefined;
  const f = new Fields(page);
  const d: CardDetail = { ServiceTaskId: id };
  const title = text(f.get('Title'));
  if (title !== undefined) d.TaskName = decodeTitle(title);
  const note = f.get('Note');
  if (typeof note === 'string') d.Note = note;
  if (f.has('ColumnId')) d.ColumnId = text(f.get('ColumnId')) ?? null;
  if (f.has('BoardId')) d.BoardId = readNumId(f.get('BoardId')) ?? null;
  if (f.has('DueDate')) d.DueDate = dueToIso(f.get('DueDate'));
  if (f.has('CardStatus', 'Status')) d.Status = text(f.get('CardStatus', 'Status')) ?? null;
  if (f.has('CreatedAt')) d.CreatedAt = text(f.get('CreatedAt')) ?? null;
  const list = isRecord(assignees)
    ? new Fields(isRecord(assignees.Response) ? assignees.Response : assignees)
    : undefined;
  if (list?.has('Assignees')) d.Assignees = readAssignees(list.get('Assignees'));
  return d;
}

/**
 * Whether text has the form of a DragApp card id (evidence §3: a task's
 * short number, a thread's hex id of ~16 characters, `wamid-<phone>-…`):
 * words of a title never do, and are not sent as one.
 */
export function hasDragAppIdForm(id: string): boolean {
  return /^\d{1,20}$/.test(id) || /^[0-9a-f]{8,64}$/i.test(id) || /^wamid-[\w.+=-]+$/.test(id);
}

/** The id rule DragApp's client uses when it has nothing better: digits → task, "-" → WhatsApp, else thread. */
export function entityTypeOfId(id: CardId): EntityType {
  if (id.includes('-')) return '3';
  return /^\d{1,14}$/.test(id) ? '1' : '0';
}
