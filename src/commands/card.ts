/** `inboard card ID` (detail) and the dispatch of `inboard card <action> ...`. */
import type { CardDetail } from '../api/schema.js';
import { cardId, COMMON_HELP, parse, positionals, UsageError } from './args.js';
import { ADD_ACTIONS, addAction } from './card-add.js';
import { WRITE_ACTIONS, writeAction } from './card-write.js';
import { assignees } from './cards.js';
import { block, emit, fields, one } from './output.js';
import { helpRequested, withClient } from './session.js';
import { colorName } from './tags.js';

export const CARD_HELP = `Usage: inboard card ID [options]
       inboard card create|move|archive|comment|note|subtask|tag ... (inboard card ACTION --help)

Shows a card: its fields, notes, comments, sub-tasks, tags and assignees.

Actions
  create   --board B --column C --title T [--note N] [--comment C] [--subtask S]
           [--assignee EMAIL]... [--unread]
  move     ID --column C [--board B] [--position N]
  archive  ID
  comment  ID --body TEXT|-        (- reads the text from stdin)
  note     ID --body TEXT|-
  subtask  ID --body TEXT|-
  tag      ID --tag TAG | --remove TAG | --set TAG,...

Examples
  inboard card 42
  inboard card 42 --json | jq '.Comments[].Comment'
  inboard card create --board support --column "To do" --title "Call back ACME"
  echo "Sent the quote" | inboard card comment 42 --body -

--json: the card as the server describes it:
  {"ServiceTaskId": 42, "TaskName": "…", "ReadUnreadStatus": 1, "ColumnId": "Label_3",
   "BoardId": 1, "DueDate": null, "Assignees": ["a@x"], "ThreadOwnerEmail": "…",
   "CreatedAt": "…", "Status": "0", "CustomFields": "[]", "Archived": false,
   "Notes": [{"NoteId", "Body", "UserId", "CreatedAt"}],
   "Comments": [{"CommentId", "UserId", "Comment", "EntityId", "CreatedAt", "UserEmail"}],
   "SubTasks": [{"SubTaskId", "Body", "UserId", "CreatedAt"}],
   "Tags": [{"Id", "Name", "Color", "BoardId"}]}

${COMMON_HELP}`;

function section(title: string, items: string[]): string {
  return items.length === 0 ? `${title}: none\n` : `${title}:\n${items.join('\n')}\n`;
}

export function cardText(c: CardDetail): string {
  const head = fields([
    ['Card', c.ServiceTaskId],
    ['Title', c.TaskName],
    ['Board', c.BoardId],
    ['Column', c.ColumnId],
    ['Read', c.ReadUnreadStatus === 0 ? 'unread' : 'read'],
    ['Owner', c.ThreadOwnerEmail],
    ['Created', c.CreatedAt],
    ['Due', c.DueDate ?? '—'],
    ['Status', c.Status],
    ...(c.Archived ? ([['Archived', 'yes']] as [string, string][]) : []),
  ]);
  const who = assignees(c);
  return [
    head,
    section('Assignees', who.map((a) => `  ${one(a)}`)),
    section('Tags', (c.Tags ?? []).map((t) => `  ${t.Id}  ${one(t.Name)} (${one(colorName(t.Color))})`)),
    section('Sub-tasks', (c.SubTasks ?? []).map((s) => `  [${s.SubTaskId}] ${one(s.CreatedAt)}\n${block(s.Body)}`)),
    section('Notes', (c.Notes ?? []).map((n) => `  [${n.NoteId}] ${one(n.CreatedAt)}\n${block(n.Body)}`)),
    section(
      'Comments',
      (c.Comments ?? []).map((m) => `  [${m.CommentId}] ${one(m.UserEmail ?? (m.UserId === undefined ? '' : `user ${m.UserId}`))} ${one(m.CreatedAt)}\n${block(m.Comment)}`),
    ),
  ].join('\n');
}

export async function card(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first !== undefined && WRITE_ACTIONS.has(first)) return writeAction(first, rest);
  if (first !== undefined && ADD_ACTIONS.has(first)) return addAction(first, rest);
  const { values, positionals: pos } = parse(argv, {});
  if (helpRequested(values, CARD_HELP)) return 0;
  const [idRaw = ''] = positionals(pos, ['ID']);
  if (!/^\d+$/.test(idRaw)) {
    throw new UsageError(`'${idRaw}' is neither a card ID nor an action (create, move, archive, comment, note, subtask, tag)`);
  }
  const id = cardId(idRaw);
  return withClient(values, async (client) => {
    const detail = await client.getCard(id);
    emit(values.json === true, detail, () => cardText(detail));
    return 0;
  });
}
