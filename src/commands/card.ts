/** `inboard card ID` (detail) and the dispatch of `inboard card <action> ...`. */
import { isUnreadable, type Board, type BoardRow, type CardDetail, type Column } from '../api/read-model.js';
import type { Client } from '../api/types.js';
import { cardId, COMMON_HELP, parse, positionals, UsageError } from './args.js';
import { ADD_ACTIONS, addAction } from './card-add.js';
import { ATTACHMENT_ACTIONS, attachmentAction } from './card-attachments.js';
import { SEND_ACTIONS, sendAction } from './card-send.js';
import { SNOOZE_ACTIONS, snoozeAction } from './card-snooze.js';
import { HISTORY_ACTIONS, historyAction, ruleLines } from './card-history.js';
import { STATE_ACTIONS, stateAction } from './card-state.js';
import { THREAD_ACTIONS, threadAction } from './thread.js';
import { TITLE_ACTIONS, titleAction } from './card-title.js';
import { WRITE_ACTIONS, writeAction } from './card-write.js';
import { block, emit, fields, one } from './output.js';
import { helpRequested, withClient } from './session.js';
import { colorName } from './tags.js';

export const CARD_HELP = `Usage: inboard card ID [options]
       inboard card create|move|title|archive|restore|comment|note|subtask|tag ... (inboard card ACTION --help)
       inboard card due|read|unread|tick|untick ... (inboard card ACTION --help)
       inboard card thread|reply|forward|attachments ... (the email behind a card) | card compose ... (new mail)
       inboard card snooze|unsnooze ... (off the board until a time or an answer)
       inboard card history ID (every change, with who and when)

Shows a card: its fields, notes, comments, sub-tasks, tags and assignees.

Actions
  create   --board B --column C --title T [--note N] [--comment C] [--subtask S]
           [--assignee EMAIL]... [--unread]
  move     ID --column C [--board B] [--position N]
  title    ID TITLE                     (renames the card)
  archive  ID
  restore  ID [--column C] [--position N]   (an archived card, back on a board)
  comment  ID --body TEXT|-        (- reads the text from stdin)
  note     ID --body TEXT|-
  subtask  ID --body TEXT|-
  tag      ID --tag TAG | --remove TAG | --set TAG,...
  due      ID DATE | --clear            (DATE: 2026-12-01 or 2026-12-01T17:00Z)
  read     ID                           (and unread ID)
  tick     ID SUBTASK                   (and untick ID SUBTASK)
  thread   ID                           (the card's email, oldest first)
  reply    ID --body TEXT|- | --saved NAME [--attach FILE]... [--to EMAIL]... [--cc EMAIL]... [--bcc EMAIL]... [--no-cc]
           [--no-signature] [--seen MESSAGE-ID [--send-anyway]]   (to all on its last message in)
  forward  ID --to EMAIL [--cc EMAIL]... [--bcc EMAIL]... [--body NOTE|-] [--message MESSAGE-ID] [--attach FILE]...
  compose  --board B --to EMAIL --subject S --body TEXT|- [--cc EMAIL]... [--bcc EMAIL]... [--attach FILE]... [--column C]
  attachments ID [--save DIR [--name NAME]]   (its email's files, listed or saved)
  snooze   ID --until WHEN | --until-reply [--until WHEN]   (and unsnooze ID)
  history  ID                           (every change with who and when, oldest first)
  The local service offers due, read, unread, tick, untick, restore, thread, reply, forward, compose, attachments, snooze and history;
  another server may not (the error says so).

Examples
  inboard card 42
  inboard card 42 --json | jq '.Comments[].Comment'
  inboard card create --board support --column "To do" --title "Call back ACME"
  echo "Sent the quote" | inboard card comment 42 --body -

--json: the card as the server describes it:
  {"ServiceTaskId": "42", "TaskName": "…", "ReadUnreadStatus": 1, "ColumnId": "Label_3",
   "BoardId": 1, "DueDate": null, "Assignees": ["a@x"], "ThreadOwnerEmail": "…",
   "CreatedAt": "…", "Status": "0", "CustomFields": "[]", "Archived": false,
   "Notes": [{"NoteId", "Body", "UserId", "CreatedAt"}],
   "Comments": [{"CommentId", "UserId", "Comment", "EntityId", "CreatedAt", "UserEmail"}],
   "SubTasks": [{"SubTaskId", "Body", "UserId", "CreatedAt", "Done"}],
   "Tags": [{"Id", "Name", "Color", "BoardId"}]}
  Only the fields the server sent are there (the vendor's service sends
  {"ServiceTaskId", "TaskName", "Note", "BoardId"}); the text output says
  "not provided by this server" for the rest.

${COMMON_HELP}`;

const NOT_PROVIDED = 'not provided by this server';

/** A section's lines; `undefined` items: the server did not send it (never "none" for that). */
function section(title: string, items: string[] | undefined): string {
  if (items === undefined) return `${title}: ${NOT_PROVIDED}\n`;
  return items.length === 0 ? `${title}: none\n` : `${title}:\n${items.join('\n')}\n`;
}

const given = <T>(v: T | undefined, show: (v: T) => string | number): string | number =>
  v === undefined ? NOT_PROVIDED : show(v);

/** The names of a card's board and column, where they could be read. */
export interface CardPlace {
  board?: string | undefined;
  column?: string | undefined;
}

/** Whether `col` is the column a card's `ColumnId` (`Label_4`, or a bare id) points to. */
function isColumn(col: Column, label: string): boolean {
  const l = label.trim().toLowerCase();
  return col.ColumnId?.toLowerCase() === l || `label_${col.Id}` === l || String(col.Id) === l;
}

/**
 * The card's board and column by name: one board list and one column list.
 * Names are a courtesy: what cannot be read leaves the id shown, and never
 * fails the command.
 */
export async function placeOf(client: Client, c: CardDetail): Promise<CardPlace> {
  const boardId = c.BoardId;
  if (boardId === undefined || boardId === null) return {};
  const label = c.ColumnId;
  const none = (): [] => [];
  const [boards, columns]: [BoardRow[], Column[]] = await Promise.all([
    client.listBoards().catch(none),
    label === undefined || label === null ? none() : client.listColumns(boardId).catch(none),
  ]);
  const board = boards.filter((b): b is Board => !isUnreadable(b)).find((b) => b.Id === boardId);
  const column = label === undefined || label === null ? undefined : columns.find((col) => isColumn(col, label));
  return { board: board?.Name, column: column?.Name };
}

export function cardText(c: CardDetail, place: CardPlace = {}): string {
  const head = fields([
    ['Card', c.ServiceTaskId],
    ['Title', given(c.TaskName, (t) => t)],
    ['Board', given(c.BoardId, (b) => (b === null ? '—' : place.board === undefined ? b : `${place.board} (${b})`))],
    ['Column', given(c.ColumnId, (l) => (l === null ? '—' : (place.column ?? l)))],
    ['Read', given(c.ReadUnreadStatus, (r) => (r === 0 ? 'unread' : 'read'))],
    ['Owner', given(c.ThreadOwnerEmail, (o) => o || '—')],
    ['Created', given(c.CreatedAt, (d) => d ?? '—')],
    ['Due', given(c.DueDate, (d) => d ?? '—')],
    ['Status', given(c.Status, (s) => s ?? '—')],
    ...(c.Archived ? ([['Archived', 'yes']] as [string, string][]) : []),
  ]);
  // The real service sends a single note as text.
  const notes =
    c.Notes?.map((n) => `  [${n.NoteId}] ${one(n.CreatedAt)}\n${block(n.Body)}`) ??
    (c.Note === undefined ? undefined : c.Note.trim() === '' ? [] : [block(c.Note)]);
  return [
    head,
    section(
      'Assignees',
      c.Assignees?.map((a) => `  ${one(a)}`),
    ),
    section(
      'Tags',
      c.Tags?.map((t) => `  ${t.Id}  ${one(t.Name)} (${one(colorName(t.Color))})`),
    ),
    section(
      'Sub-tasks',
      c.SubTasks?.map(
        (s) =>
          `  [${s.SubTaskId}]${s.Done === undefined ? '' : s.Done ? ' done' : ' open'} ${one(s.CreatedAt)}\n${block(s.Body)}`,
      ),
    ),
    section('Notes', notes),
    section(
      'Comments',
      c.Comments?.map(
        (m) =>
          `  [${m.CommentId}] ${one(m.UserEmail ?? (m.UserId === undefined ? '' : `user ${m.UserId}`))} ${one(m.CreatedAt)}\n${block(m.Comment)}`,
      ),
    ),
  ].join('\n');
}

export async function card(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first !== undefined && WRITE_ACTIONS.has(first)) return writeAction(first, rest);
  if (first !== undefined && ADD_ACTIONS.has(first)) return addAction(first, rest);
  if (first !== undefined && STATE_ACTIONS.has(first)) return stateAction(first, rest);
  if (first !== undefined && SNOOZE_ACTIONS.has(first)) return snoozeAction(first, rest);
  if (first !== undefined && THREAD_ACTIONS.has(first)) return threadAction(first, rest);
  if (first !== undefined && SEND_ACTIONS.has(first)) return sendAction(first, rest);
  if (first !== undefined && TITLE_ACTIONS.has(first)) return titleAction(first, rest);
  if (first !== undefined && ATTACHMENT_ACTIONS.has(first)) return attachmentAction(first, rest);
  if (first !== undefined && HISTORY_ACTIONS.has(first)) return historyAction(first, rest);
  const { values, positionals: pos } = parse(argv, {});
  if (helpRequested(values, CARD_HELP)) return 0;
  const [idRaw = ''] = positionals(pos, ['ID']);
  // Ids may be words of hex or carry dashes; letters alone are a mistyped action.
  if (/^[a-z]+$/i.test(idRaw) && idRaw.length < 12) {
    throw new UsageError(
      `'${idRaw}' is neither a card ID nor an action (create, move, title, archive, restore, comment, note, subtask, tag, due, read, unread, tick, untick, thread, reply, forward, compose, attachments, snooze, history)`,
    );
  }
  const id = cardId(idRaw);
  return withClient(values, async (client) => {
    const detail = await client.getCard(id);
    const place = values.json === true ? {} : await placeOf(client, detail);
    // Why it is where it is: what the board's rules did on arrival.
    const why = values.json === true ? '' : await ruleLines(client, id);
    emit(values.json === true, detail, () => cardText(detail, place) + why);
    return 0;
  });
}
