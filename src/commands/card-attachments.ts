/**
 * `inboard card attachments ID`: the files that came with a card's email,
 * listed, or saved with --save DIR (all of them, or --name NAME's): each
 * written as a new file inside DIR under its name made safe, never over a
 * file already there (`invoice (1).pdf`), each path printed as written.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { attachmentsOf, notServed, type ThreadAttachment } from '../api/thread-attachments.js';
import { ApiError } from '../api/errors.js';
import type { Client } from '../api/types.js';
import { writeNewFile } from '../text/file-name.js';
import { cardId, COMMON_HELP, CommandError, parse, positionals, UsageError, within } from './args.js';
import { emit, one, table } from './output.js';
import { helpRequested, withClient } from './session.js';
import { size as byteCount } from './outgoing.js';

export const ATTACHMENT_ACTIONS: ReadonlySet<string> = new Set(['attachments']);

const HELP = `Usage: inboard card attachments ID [--save DIR [--name NAME]] [options]

Lists the files that came with the email behind card ID: the message each
came with (its number in inboard card thread ID), its name, size and type.

--save DIR   saves every one into DIR (which must exist), as sent; a name
             already taken there gets a number (invoice (1).pdf): nothing is
             overwritten, nothing written outside DIR. Prints each path written.
--name NAME  with --save: only the attachments named NAME.

A sender's file name is made safe first: no folders, control characters or
direction overrides, no leading dot, at most 200 bytes.

Examples
  inboard card attachments 42
  inboard card attachments 42 --save ~/Downloads
  inboard card attachments 42 --save . --name invoice.pdf

--json: [{"Message", "MessageId", "From", "Name", "Size", "ContentType", "Id"?, "Url"?}]
  (with --save: [{"Name", "Path"}], each file written)

The local service offers this; DragApp's API does not serve attachments' bytes.

${COMMON_HELP}`;

async function folder(raw: string): Promise<string> {
  const dir = resolve(raw);
  const s = await stat(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') throw new CommandError(`--save: there is no folder ${dir}`);
    throw new CommandError(`--save: ${dir} can't be read (${e.code ?? e.message})`);
  });
  if (!s.isDirectory()) throw new CommandError(`--save: ${dir} is a file, not a folder`);
  return dir;
}

function listed(id: string, all: ThreadAttachment[]): string {
  if (all.length === 0) return `Card ${one(id)} has no attachments.\n`;
  const rows = all.map((t) => [
    `[${t.message}]`,
    t.attachment.Name,
    byteCount(t.attachment.Size),
    t.attachment.ContentType,
  ]);
  return table(
    [{ header: 'MESSAGE' }, { header: 'NAME', max: 60 }, { header: 'SIZE', right: true }, { header: 'TYPE' }],
    rows,
  );
}

/** Saves each, in order; what fails is said on stderr and the rest still saved. */
async function save(client: Client, dir: string, chosen: ThreadAttachment[], json: boolean): Promise<number> {
  const written: { Name: string; Path: string }[] = [];
  let failed = 0;
  for (const t of chosen) {
    const a = t.attachment;
    const why = notServed(a, client.offers('attachments') === false);
    try {
      if (why !== undefined) throw new CommandError(why);
      const file = await client.getAttachment(a.Id ?? '');
      const path = await writeNewFile(dir, a.Name, file.Bytes);
      written.push({ Name: a.Name, Path: path });
      if (!json) process.stdout.write(`${path}\n`);
    } catch (e) {
      if (!(e instanceof ApiError || e instanceof CommandError || (e as NodeJS.ErrnoException).code !== undefined))
        throw e;
      failed++;
      process.stderr.write(`${one(a.Name)}: not saved: ${one(e instanceof Error ? e.message : String(e))}\n`);
    }
  }
  if (json) emit(true, written, () => '');
  return failed === 0 ? 0 : 1;
}

async function attachments(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, { save: { type: 'string' }, name: { type: 'string' } });
  if (helpRequested(values, HELP)) return 0;
  const [idRaw = ''] = positionals(rest, ['ID']);
  const id = cardId(idRaw);
  if (values.name !== undefined && values.save === undefined) {
    throw new UsageError('--name chooses what --save writes: give --save DIR too');
  }
  if (values.save === '') throw new UsageError('--save needs a folder');
  const dir = values.save === undefined ? undefined : await folder(values.save);
  return withClient(values, async (client) => {
    const all = attachmentsOf(await client.listMessages(id));
    if (dir === undefined) {
      const rows = all.map((t) => ({
        Message: t.message,
        MessageId: t.messageId,
        From: t.from,
        ...t.attachment,
      }));
      emit(values.json === true, rows, () => listed(id, all));
      return 0;
    }
    const name = values.name;
    const chosen = name === undefined ? all : all.filter((t) => t.attachment.Name === name);
    if (chosen.length === 0) {
      if (all.length === 0) throw new CommandError(`Card ${id} has no attachments`);
      const names = [...new Set(all.map((t) => t.attachment.Name))].map((n) => `"${n}"`).join(', ');
      throw new CommandError(`Card ${id} has no attachment named "${name ?? ''}" (it has ${names})`);
    }
    return save(client, dir, chosen, values.json === true);
  });
}

export function attachmentAction(action: string, argv: string[]): Promise<number> {
  return within(`card ${action}`, () => attachments(argv));
}
