/** `inboard replies list --board BOARD`: the board's saved replies, each with the start of its text. */
import type { SavedReply } from '../../api/schema-replies.js';
import { positionals, UsageError } from '../args.js';
import { emit, table } from '../output.js';
import { resolveBoard } from '../resolve.js';
import { withClient } from '../session.js';
import type { RepliesValues } from './write.js';

/** The text on one line: its line breaks shown as spaces. */
const gist = (r: SavedReply) => r.Text.replace(/\s+/g, ' ').trim();

export async function list(values: RepliesValues, rest: string[]): Promise<number> {
  positionals(rest, []);
  if (values.board === undefined) throw new UsageError('missing --board BOARD');
  const ref = values.board;
  return withClient(values, async (client) => {
    const board = await resolveBoard(client, ref);
    const all = await client.listSavedReplies(board.Id);
    emit(values.json === true, all, () =>
      all.length === 0
        ? `Board ${board.Id} has no saved replies (inboard replies add NAME --board ${board.Id} --text TEXT)\n`
        : table(
            [
              { header: 'NAME', max: 30 },
              { header: 'AUTHOR', max: 30 },
              { header: 'TEXT', max: 60 },
            ],
            all.map((r) => [r.Name, r.Author, gist(r)]),
          ),
    );
    return 0;
  });
}
