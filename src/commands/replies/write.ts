/**
 * `inboard replies add|edit|remove NAME --board BOARD`: a saved reply added,
 * changed or removed. The text is checked here first, in the service's
 * words (length, unknown variables), so nothing is sent that it would refuse.
 */
import { readFileSync } from 'node:fs';
import type { SavedReply } from '../../api/schema-replies.js';
import { SAVED_REPLY_LIMITS } from '../../api/schema-replies.js';
import type { Client } from '../../api/types.js';
import { SAVED_REPLY_VARIABLES, templateProblem } from '../../text/template.js';
import { CommandError, positionals, readStdin, UsageError } from '../args.js';
import { emit, one } from '../output.js';
import { resolveBoard } from '../resolve.js';
import { withClient, type ConnectionValues } from '../session.js';

export interface RepliesValues extends ConnectionValues {
  board?: string | undefined;
  text?: string | undefined;
  file?: string | undefined;
  name?: string | undefined;
  json?: boolean | undefined;
}

/** The text given by --text or --file, checked; undefined when neither was given. */
async function textOf(values: RepliesValues, what: string): Promise<string | undefined> {
  if (values.text !== undefined && values.file !== undefined) throw new UsageError('give --text or --file, not both');
  let text: string | undefined;
  if (values.file !== undefined) {
    try {
      text = readFileSync(values.file, 'utf8');
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      const why =
        code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : 'it cannot be read';
      throw new UsageError(`--file ${one(values.file)}: ${why}; the ${what}`);
    }
  } else if (values.text !== undefined) text = values.text === '-' ? await readStdin() : values.text;
  if (text === undefined) return undefined;
  if (text.trim() === '') throw new UsageError(`the text is empty; the ${what}`);
  if (text.length > SAVED_REPLY_LIMITS.text) {
    const n = SAVED_REPLY_LIMITS.text.toLocaleString('en');
    throw new UsageError(`the text is ${text.length.toLocaleString('en')} characters, at most ${n}; the ${what}`);
  }
  const problem = templateProblem(text, SAVED_REPLY_VARIABLES);
  if (problem !== undefined) throw new UsageError(`${problem}; the ${what}`);
  return text;
}

/** The board's reply of that name (case ignored), or a refusal naming the ones there are. */
export async function replyNamed(client: Client, boardId: number, name: string): Promise<SavedReply> {
  const all = await client.listSavedReplies(boardId);
  const found = all.find((r) => r.Name.trim().toLowerCase() === name.trim().toLowerCase());
  if (found !== undefined) return found;
  const names = all.map((r) => `"${one(r.Name)}"`).join(', ');
  throw new CommandError(
    `board ${boardId} has no saved reply named "${one(name)}"${all.length === 0 ? ' (it has none)' : `: it has ${names}`}`,
  );
}

export async function write(sub: 'add' | 'edit' | 'remove', values: RepliesValues, rest: string[]): Promise<number> {
  const [name = ''] = positionals(rest, ['NAME']);
  if (name.trim() === '') throw new UsageError('NAME is empty');
  if (values.board === undefined) throw new UsageError('missing --board BOARD');
  const ref = values.board;
  const what =
    sub === 'add' ? 'reply was not saved' : sub === 'edit' ? 'reply was not changed' : 'reply was not removed';
  const text = sub === 'remove' ? undefined : await textOf(values, what);
  if (sub === 'add' && text === undefined) throw new UsageError('missing --text TEXT or --file FILE');
  if (sub === 'edit' && text === undefined && values.name === undefined)
    throw new UsageError('give --text, --file or --name: what to change');
  return withClient(values, async (client) => {
    const board = await resolveBoard(client, ref);
    let after: SavedReply;
    let verb: string;
    if (sub === 'add') {
      after = await client.addSavedReply(board.Id, { Name: name, Text: text ?? '' });
      verb = 'saved';
    } else {
      const found = await replyNamed(client, board.Id, name);
      if (sub === 'remove') {
        after = await client.removeSavedReply(board.Id, found.Id);
        verb = 'removed';
      } else {
        const body = {
          ...(values.name !== undefined ? { Name: values.name } : {}),
          ...(text !== undefined ? { Text: text } : {}),
        };
        after = await client.changeSavedReply(board.Id, found.Id, body);
        verb = 'changed';
      }
    }
    emit(
      values.json === true,
      after,
      () => `Saved reply "${one(after.Name)}" ${verb} on board ${board.Id} ${one(board.Name)}\n`,
    );
    return 0;
  });
}
