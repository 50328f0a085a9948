/**
 * The DragApp stand-in's data and the shapes it serves (dragapp-service.ts is
 * the routing). Every shape follows what DragApp's own public client
 * (nick-timms/drag-mcp-server at 645da27) records, as summarised with its
 * file:line citations in the evidence file (§ numbers below refer to it);
 * where the vendor is silent, the choice is marked "[unknown]: chosen".
 */
import { json, RawId, type Answer } from './recorded-shapes.js';

export const DRAG_OWNER = 'owner@example.com';
export const DRAG_MEMBERS = 'ana@example.com,ben@example.com';

export interface DragBoard {
  id: number;
  name: string;
  members: string;
  /** Columns as `ColumnsByBoard` lists them: exact label id and the prefixed name. */
  columns: { labelId: string; labelName: string }[];
}

export interface DragItem {
  id: string;
  kind: 'thread' | 'task';
  boardId: number;
  /** Whatever string it was written with (Bug L1: a bare "1" is kept as is). */
  columnId: string;
  title: string;
  /** Tasks: listed as base64 `taskName` only, without the decoded `dragTaskName`. */
  encodedOnly?: boolean;
  note: string | null;
  due: string | null;
  assignees: string[];
  status: 'OPEN' | 'CLOSED';
  read: boolean;
  /** Threads: what `threadInfoJson` carries. */
  from?: string;
  snippet?: string;
}

export interface DragWorld {
  boards: DragBoard[];
  items: DragItem[];
  comments: { id: number; cardId: string; body: string; at: string }[];
  tags: { Id: number; Name: string; Color: string; BoardId: number }[];
  tagsAdded: { cardId: string; tagId: string }[];
  archived: string[];
  nextTask: number;
  nextComment: number;
}

export const HEX_THREAD = '18c2f3a9b4d5e6f7';
export const HEX_THREAD_2 = '18c2f3a9b4d5e6f8';
/** base64 of UTF-8, as the vendor encodes titles (evidence §3.4, encoding.ts:1-8). */
export const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

export function dragSeed(): DragWorld {
  const item = (o: Partial<DragItem> & Pick<DragItem, 'id' | 'kind' | 'columnId' | 'title'>): DragItem => ({
    boardId: 1,
    note: null,
    due: null,
    assignees: [],
    status: 'OPEN',
    read: true,
    ...o,
  });
  return {
    boards: [
      {
        id: 1,
        name: 'Support inbox',
        members: DRAG_MEMBERS,
        // evidence §2.3/§3.2, types.ts:77-85, shaping.ts:71-83: "Drag-N#" and "Dteamboard-N-N#" prefixes.
        columns: [
          { labelId: 'Label_1', labelName: 'Drag-1#New' },
          { labelId: 'Label_2', labelName: 'Dteamboard-12-3#In progress' },
          // evidence §3.1, cards.ts:170-172: long label ids; a "#" in the name itself survives.
          { labelId: 'Label_9726643905', labelName: 'Drag-3#Sprint #3' },
        ],
      },
      { id: 2, name: 'Sales', members: 'cy@example.com', columns: [{ labelId: 'Label_5', labelName: 'Drag-1#Leads' }] },
    ],
    items: [
      item({
        id: HEX_THREAD,
        kind: 'thread',
        columnId: 'Label_1',
        title: 'Refund for order 1182',
        from: 'Jane Doe <jane@example.com>',
        snippet: 'Hi, the parcel arrived broken',
        read: false,
        assignees: ['ana@example.com'],
      }),
      item({ id: '101', kind: 'task', columnId: 'Label_1', title: 'Call the courier', due: '2026-03-01 09:00:00' }),
      // evidence §2.4, shaping.ts:322-332: only the base64 taskName, no dragTaskName.
      item({ id: '102', kind: 'task', columnId: 'Label_1', title: 'Ünïcode task ✓', encodedOnly: true }),
      // evidence §3.4, shaping.ts:633-647: "Test" is valid base64 by accident; it must stay "Test".
      item({ id: '103', kind: 'task', columnId: 'Label_1', title: 'Test', encodedOnly: true, note: 'Plain words' }),
      item({
        id: HEX_THREAD_2,
        kind: 'thread',
        columnId: 'Label_2',
        title: 'Invoice question',
        from: 'Bob <bob@example.com>',
        snippet: 'Could you resend the invoice?',
      }),
      item({ id: '104', kind: 'task', columnId: 'Label_2', title: 'Write the FAQ' }),
      item({ id: '201', kind: 'task', boardId: 2, columnId: 'Label_5', title: 'Lead: ACME' }),
    ],
    comments: [],
    tags: [
      { Id: 1, Name: 'urgent', Color: '3', BoardId: 1 },
      { Id: 2, Name: 'billing', Color: '5', BoardId: 1 },
    ],
    tagsAdded: [],
    archived: [],
    nextTask: 300,
    nextComment: 1,
  };
}

/** v1.18 error on a 200 (evidence §1 item 5, client.ts:115-120). */
export const v1Error = (message: string): Answer => json(200, { Error: message, Success: false });
/** v1.18 success (evidence §4.2). */
export const v1Ok = (Response: unknown): Answer => json(200, { Error: false, Success: true, Response });

// evidence §2.2, types.ts:34-67: one board of MainBoard / SecondaryBoards.
export function boardDetail(b: DragBoard): Record<string, unknown> {
  return {
    BoardId: b.id,
    Id: b.id,
    BoardName: b.name,
    BoardOwnerEmail: DRAG_OWNER,
    UserId: 7,
    ContributorEmails: b.members,
    ContributorCount: b.members.split(',').length,
    IsContributor: 0,
    role: '1',
    UnreadCount: 0,
    IsPrimary: b.id === 1 ? '1' : '0',
    ReplyToFirstColumn: '0',
    labelId: b.columns[0]?.labelId ?? '',
    labelName: b.columns[0]?.labelName ?? '',
    labelIndex: 0,
  };
}

// evidence §2.1, types.ts:14-32: POST /v1.18/teamBoard/list, a raw array.
export function boardListEntry(b: DragBoard): Record<string, unknown> {
  return {
    Id: b.id,
    BoardName: b.name,
    IsContributor: 0,
    ContributorCount: b.members.split(',').length,
    UnreadEmailsCount: 0,
    LastNotification: '2026-03-01T09:00:00.000Z',
    BoardOwnerEmail: DRAG_OWNER,
    IsPrimary: b.id === 1 ? '1' : '0',
    ContributorEmails: b.members,
    ReplyAsEmail: null,
    ReplyToFirstColumn: '0',
    IsOwner: 1,
    GoogleGroupEmail: null,
  };
}

/** An item of emailData/fetch; `order` is its place in the column (evidence §2.4, types.ts:205). */
export function listedItem(i: DragItem, order: number): Record<string, unknown> {
  const common = {
    columnId: i.columnId,
    boardId: i.boardId,
    dueDate: i.due,
    note: i.note,
    cardStatus: i.status,
    assignees: i.assignees.length > 0 ? JSON.stringify(i.assignees) : null,
    starred: 0,
    color: null,
    comment: 0,
    checkListTotal: 0,
    checkListCompleted: 0,
    readUnreadStatus: i.read ? 'read-mail' : 'unread-mail',
    order,
  };
  if (i.kind === 'task') {
    // evidence §2.4/§3.3, shaping.ts:293-297 and :322-332: entityType 0 ("inverted"), base64 taskName.
    return {
      taskId: new RawId(i.id),
      entityType: 0,
      taskName: b64(i.title),
      ...(i.encodedOnly === true ? {} : { dragTaskName: i.title }),
      customFields: '[]',
      ...common,
    };
  }
  // evidence §2.4, types.ts:167-206; msgDate form from types.ts:171.
  return {
    id: i.id,
    threadId: i.id,
    historyId: '88123',
    threadOwner: 7,
    threadInfoJson: {
      msgTo: ['support@example.com'],
      msgDate: '1772355600000@01 Mar 2026@9:00',
      msgFrom: i.from ?? '',
      msgSubj: i.title,
      senders: [i.from ?? ''],
      messages: i.snippet ?? '',
      msgToNames: ['Support'],
      SortingMsgDate: '1772355600000',
    },
    showCount: 1,
    userLabels: i.read ? '["INBOX"]' : '["UNREAD","INBOX"]',
    msgSubject: i.title,
    title: null,
    threadOwnerEmail: DRAG_OWNER,
    customFields: [],
    entityType: 1,
    ...common,
  };
}

// evidence §2.5, cards.ts:187-204: detail-page, top level (not under Response).
export function detailPage(i: DragItem): Record<string, unknown> {
  return {
    Title: i.title,
    Note: i.note,
    Color: null,
    ColumnId: i.columnId,
    BoardId: i.boardId,
    CreatedAt: '2026-03-01 09:00:00', // [unknown] format (evidence §3.5): chosen.
    Starred: 0,
    Status: i.status === 'OPEN' ? 1 : 0, // a number; its meaning is [unknown]: chosen.
    CardStatus: i.status,
    Snoozed: 0,
    DueDate: i.due,
    Duration: null,
    Emails: [],
    ContactDetails: null,
    Error: false,
    Success: true,
  };
}

/** The request-side entity type (evidence §3.3, cards.ts:157-168): "1" task, "0" thread. */
export const entityTypeOf = (i: DragItem) => (i.kind === 'task' ? '1' : '0');

/** YYYY-MM-DD HH:mm:ss exactly (evidence §2.9, encoding.ts:15-29). */
export const DUE_FORMAT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Every value a string, or the first key that is not (evidence §2.10, email.ts:387). */
export function notString(b: Record<string, unknown>, keys: string[]): string | undefined {
  return keys.find((k) => typeof b[k] !== 'string');
}

/** Items of a column in the stand-in's order, archived ones left out. */
export const columnItems = (w: DragWorld, boardId: number, columnId: string) =>
  w.items.filter((i) => i.boardId === boardId && i.columnId === columnId && i.status === 'OPEN');

/** Puts `i` at `pos` (0 = top) among the open items of its column. */
export function placeAt(w: DragWorld, i: DragItem, pos: number): void {
  w.items.splice(w.items.indexOf(i), 1);
  const peers = columnItems(w, i.boardId, i.columnId);
  const before = peers[Math.min(Math.max(pos, 0), peers.length)];
  w.items.splice(before === undefined ? w.items.length : w.items.indexOf(before), 0, i);
}
