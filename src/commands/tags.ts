/** `inboard tags BOARD`. */
import { TAG_COLORS } from '../api/schema.js';
import { COMMON_HELP, parse, positionals } from './args.js';
import { emit, table } from './output.js';
import { resolveBoard } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const TAGS_HELP = `Usage: inboard tags BOARD [options]

Lists the tags of a board. BOARD is a board id or name.

Examples
  inboard tags support
  inboard tags 1 --json | jq -r '.[] | "\\(.Id) \\(.Name)"'

--json: [{"Id": 3, "Name": "urgent", "Color": "1", "BoardId": 1}, …]
  Color is the palette index as a string: ${TAG_COLORS.map((c, i) => `${i} ${c}`).join(', ')}.

${COMMON_HELP}`;

/** The palette name for an index ("1" → red); any other value as it came. */
export const colorName = (c: string): string => (/^\d+$/.test(c) ? (TAG_COLORS[Number(c)] ?? c) : c);

export async function tags(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, TAGS_HELP)) return 0;
  const [boardRef = ''] = positionals(rest, ['BOARD']);
  return withClient(values, async (client) => {
    const board = await resolveBoard(client, boardRef);
    const list = await client.listTags(board.Id);
    emit(values.json === true, list, () =>
      table(
        [{ header: 'ID', right: true }, { header: 'NAME' }, { header: 'COLOR' }],
        list.map((t) => [t.Id, t.Name, colorName(t.Color)]),
      ),
    );
    return 0;
  });
}
