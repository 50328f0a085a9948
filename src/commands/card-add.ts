/** `inboard card comment|note|subtask|tag`: things added to an existing card. */
import { cardId, CommandError, COMMON_HELP, parse, positionals, textArg, UsageError, within } from './args.js';
import { emit, one } from './output.js';
import { pick } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const ADD_ACTIONS: ReadonlySet<string> = new Set(['comment', 'note', 'subtask', 'tag']);

type TextAction = 'comment' | 'note' | 'subtask';

const TEXT_JSON: Record<TextAction, string> = {
  comment: `{"Success": "…", "CommentDetails": {"CommentId": 7, "UserId": 1,
   "Comment": "…", "EntityId": "42", "CreatedAt": "…"}}`,
  note: '{"CardId": "42"}',
  subtask: '{"CardId": "42"}',
};

const textHelp = (action: TextAction) => `Usage: inboard card ${action} ID --body TEXT [options]

Adds a ${action === 'subtask' ? 'sub-task' : action} to card ID. With --body -, the text is read from stdin.

Examples
  inboard card ${action} 42 --body "Waiting for the customer"
  git log -1 --format=%B | inboard card ${action} 42 --body -

--json: ${TEXT_JSON[action]}

${COMMON_HELP}`;

const TAG_HELP = `Usage: inboard card tag ID (--tag TAG | --remove TAG | --set TAG,...) [options]

Changes the tags of card ID. TAG is a tag id or name on the card's board.
  --tag TAG        add one tag
  --remove TAG     remove one tag (the others stay)
  --set TAG,...    replace all tags (--set "" removes every tag)

Examples
  inboard card tag 42 --tag urgent
  inboard card tag 42 --remove 5
  inboard card tag 42 --set urgent,billing --json

--json: --tag: {"CardId": "42"}; --remove and --set: {"CardId": "42", "TagIds": [3, 5]}

${COMMON_HELP}`;

async function addText(action: TextAction, argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, { body: { type: 'string' } });
  if (helpRequested(values, textHelp(action))) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  const text = await textArg('--body', values.body);
  return withClient(values, async (client) => {
    if (action === 'comment') {
      const res = await client.createComment(id, text);
      const c = res.CommentDetails;
      emit(values.json === true, res, () =>
        c === null
          ? `Added a comment to card ${one(id)}\n`
          : `Added comment ${c.CommentId} to card ${one(c.EntityId || id)}\n`,
      );
    } else {
      const res = action === 'note' ? await client.addNote(id, text) : await client.addSubTask(id, text);
      emit(
        values.json === true,
        res,
        () => `Added a ${action === 'note' ? 'note' : 'sub-task'} to card ${one(res.CardId)}\n`,
      );
    }
    return 0;
  });
}

async function tag(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    tag: { type: 'string' },
    remove: { type: 'string' },
    set: { type: 'string' },
  });
  if (helpRequested(values, TAG_HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  const given = (['tag', 'remove', 'set'] as const).filter((k) => values[k] !== undefined);
  if (given.length !== 1) throw new UsageError('give exactly one of --tag, --remove and --set');
  return withClient(values, async (client) => {
    const card = await client.getCard(id);
    const boardId = card.BoardId;
    if (boardId === undefined || boardId === null)
      throw new CommandError(`the server did not say which board card ${one(id)} is on, so its tags cannot be named`);
    // One list of the board's tags: every TAG is picked from it, and the answer's ids are named from it.
    const tags = await client.listTags(boardId);
    const named = (ref: string) => pick(tags, ref, 'tag', ` on board ${boardId}`);
    if (values.tag !== undefined) {
      const t = named(values.tag);
      const res = await client.addTag(id, t.Id);
      emit(values.json === true, res, () => `Tagged card ${one(res.CardId)} with ${one(t.Name)}\n`);
      return 0;
    }
    let ids: number[];
    if (values.remove !== undefined) {
      const t = named(values.remove);
      ids = (card.Tags ?? []).map((x) => x.Id).filter((x) => x !== t.Id);
    } else {
      const refs = (values.set ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      ids = refs.map((ref) => named(ref).Id);
    }
    const res = await client.setTags(id, [...new Set(ids)]);
    const names = new Map([...(card.Tags ?? []), ...tags].map((t) => [t.Id, t.Name]));
    emit(
      values.json === true,
      res,
      () =>
        `Card ${one(res.CardId)} tags: ${res.TagIds === null ? 'set' : res.TagIds.length === 0 ? 'none' : res.TagIds.map((t) => one(names.get(t) ?? t)).join(', ')}\n`,
    );
    return 0;
  });
}

const isTextAction = (a: string): a is TextAction => a === 'comment' || a === 'note' || a === 'subtask';

export function addAction(action: string, argv: string[]): Promise<number> {
  return within(`card ${action}`, () => (isTextAction(action) ? addText(action, argv) : tag(argv)));
}
