/**
 * `inboard board signature BOARD [--text T | --file F | --clear]`: the
 * board's signature, shown as set ({{variables}} unfilled) or set by its
 * owner. An unknown variable is refused here, in the words the service would
 * use, before anything is sent; the service's own refusals (not the owner)
 * are printed as they come.
 */
import { readFileSync } from 'node:fs';
import type { BoardSignature } from '../api/schema-mail.js';
import { MAIL_LIMITS } from '../api/schema-mail.js';
import { SIGNATURE_VARIABLES, templateProblem } from '../text/template.js';
import { COMMON_HELP, parse, positionals, readStdin, UsageError } from './args.js';
import { block, emit, one } from './output.js';
import { resolveBoard } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const SIGNATURE_HELP = `Usage: inboard board signature BOARD [--text TEXT | --file FILE | --clear] [options]

Shows board BOARD's signature, or sets it (only the board's owner may). It
goes under every reply, forward and new mail sent from the board, below a
"-- " line, unless the sender has their own (the config's "signature") or
sends none. The service fills in
${SIGNATURE_VARIABLES.map((v) => `{{${v}}}`).join(', ')};
any other {{variable}} is refused. At most ${MAIL_LIMITS.signature} characters.

Options
  --text TEXT   the signature (- reads it from stdin)
  --file FILE   the signature, from a file
  --clear       no signature

Examples
  inboard board signature support
  inboard board signature support --text "{{agent.name}}
Support, {{board.name}}"
  inboard board signature 1 --file signature.txt
  inboard board signature 1 --clear

--json: {"BoardId": "1", "Text": "…"} (Text null: none)

${COMMON_HELP}`;

async function newText(values: { text?: string | undefined; file?: string | undefined }): Promise<string> {
  if (values.file !== undefined) {
    try {
      return readFileSync(values.file, 'utf8');
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      const why =
        code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : 'it cannot be read';
      throw new UsageError(`--file ${one(values.file)}: ${why}; the signature was not changed`);
    }
  }
  if (values.text === '-') return readStdin();
  return values.text ?? '';
}

/** "Board 1 Support has no signature", or its signature under "Board 1 Support's signature:" (`verb`: "is now"). */
const shown = (board: { Id: number; Name: string }, s: BoardSignature, verb = 'is') =>
  s.Text === null || s.Text.trim() === ''
    ? `Board ${board.Id} ${one(board.Name)} has no signature${verb === 'is' ? '' : ' now'}\n`
    : `Board ${board.Id} ${one(board.Name)}'s signature ${verb}:\n${block(s.Text.trimEnd())}\n`;

export async function boardSignature(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    text: { type: 'string' },
    file: { type: 'string' },
    clear: { type: 'boolean' },
  });
  if (helpRequested(values, SIGNATURE_HELP)) return 0;
  const [ref = ''] = positionals(rest, ['BOARD']);
  const given = [values.text, values.file, values.clear === true ? true : undefined].filter((v) => v !== undefined);
  if (given.length > 1) throw new UsageError('give one of --text, --file and --clear');
  const setting = given.length === 1;
  let text: string | null = null;
  if (setting && values.clear !== true) {
    text = (await newText(values)).trim();
    if (text === '') throw new UsageError('the signature is empty (--clear removes it); nothing was changed');
    if (text.length > MAIL_LIMITS.signature) {
      throw new UsageError(
        `the signature is ${text.length} characters, at most ${MAIL_LIMITS.signature}; nothing was changed`,
      );
    }
    const problem = templateProblem(text, SIGNATURE_VARIABLES);
    if (problem !== undefined) throw new UsageError(`${problem}; nothing was changed`);
  }
  return withClient(values, async (client) => {
    const board = await resolveBoard(client, ref);
    const after = setting ? await client.setBoardSignature(board.Id, text) : await client.getBoardSignature(board.Id);
    emit(values.json === true, after, () => shown(board, after, setting ? 'is now' : 'is'));
    return 0;
  });
}
