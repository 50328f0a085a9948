/**
 * `inboard board rename|members|archive`: running a board (the owner's, on
 * the local service; docs/api.md › "Who may do what"). A member is refused
 * in the server's words (exit 1); a server without the routes says they are
 * not offered.
 */
import type { Board } from '../api/read-model.js';
import type { Client } from '../api/types.js';
import { COMMON_HELP, parse, positionals, UsageError, within } from './args.js';
import { emit, one } from './output.js';
import { resolveBoard } from './resolve.js';
import { helpRequested, withClient } from './session.js';

export const BOARD_HELP = `Usage: inboard board rename BOARD NAME [options]
       inboard board members BOARD [EMAIL...] [--add EMAIL]... [--remove EMAIL]... [options]
       inboard board archive BOARD [options]
       inboard board sla BOARD [--first-response 4h] [--next-response 8h] [--hours H --zone Z] [options]
       inboard board signature BOARD [--text TEXT | --file FILE | --clear] [options]

Runs a board: only its owner may (the server refuses anyone else, in words).
BOARD is a board id or name.

Actions
  rename   BOARD NAME            gives the board a new name
  members  BOARD                 lists the owner and the members
  members  BOARD EMAIL...        makes these emails the members (the owner stays)
  members  BOARD --add EMAIL --remove EMAIL
                                 adds or removes members, keeping the others
  archive  BOARD                 archives the board: it leaves every list, its
                                 cards stay in the database
  sla      BOARD ...             shows or sets its response targets
                                 (inboard board sla --help)
  signature BOARD ...            shows or sets the signature under its mail
                                 (inboard board signature --help)

Examples
  inboard board rename 1 "Support desk"
  inboard board members support --add sam@example.com
  inboard board members support sam@example.com lee@example.com
  inboard board archive "Old queue"

--json: rename and members print the board {"Id", "Name", "Owner", "Users": [...]};
  archive prints {"Id": 3, "ArchivedAt": "…"}.

${COMMON_HELP}`;

const ACTIONS = new Set(['rename', 'members', 'archive', 'sla', 'signature']);

const membersText = (b: Board): string =>
  [`Board ${b.Id} ${one(b.Name)}`, `  owner   ${one(b.Owner)}`, ...b.Users.map((u) => `  member  ${one(u)}`)]
    .join('\n')
    .concat('\n');

/** The board as it now stands: the server's answer, else read again. */
const boardAfter = async (client: Client, id: number, answer: Board | null): Promise<Board> =>
  answer ?? (await client.getBoard(id));

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The member list after `--add` and `--remove`, in order, each email once; the owner is never listed. */
export function membersAfter(b: Board, add: readonly string[], remove: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of [...b.Users, ...add]) {
    if (remove.some((r) => sameEmail(r, e)) || sameEmail(e, b.Owner) || out.some((o) => sameEmail(o, e))) continue;
    out.push(e.trim());
  }
  return out;
}

async function rename(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, BOARD_HELP)) return 0;
  const [ref = '', name = ''] = positionals(rest, ['BOARD', 'NAME']);
  if (name.trim() === '') throw new UsageError('NAME is empty');
  return withClient(values, async (client) => {
    const b = await resolveBoard(client, ref);
    const after = await boardAfter(client, b.Id, await client.updateBoard(b.Id, { name: name.trim() }));
    emit(values.json === true, after, () => `Renamed board ${b.Id} to ${one(after.Name)}\n`);
    return 0;
  });
}

async function members(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {
    add: { type: 'string', multiple: true },
    remove: { type: 'string', multiple: true },
  });
  if (helpRequested(values, BOARD_HELP)) return 0;
  const [ref = '', ...emails] = rest;
  if (ref.trim() === '') throw new UsageError('missing BOARD');
  const add = values.add ?? [];
  const remove = values.remove ?? [];
  if (emails.length > 0 && add.length + remove.length > 0)
    throw new UsageError('give the members as EMAIL... (replacing them) or --add/--remove, not both');
  const bad = [...emails, ...add, ...remove].find((e) => !/^[^@\s]+@[^@\s]+$/.test(e.trim()));
  if (bad !== undefined) throw new UsageError(`'${one(bad)}' is not an email address`);
  return withClient(values, async (client) => {
    const b = await resolveBoard(client, ref);
    const users = emails.length > 0 ? emails.map((e) => e.trim()) : membersAfter(b, add, remove);
    const changed = emails.length > 0 || add.length + remove.length > 0;
    const after = changed ? await boardAfter(client, b.Id, await client.updateBoard(b.Id, { users })) : b;
    emit(values.json === true, after, () => membersText(after));
    return 0;
  });
}

async function archive(argv: string[]): Promise<number> {
  const { values, positionals: rest } = parse(argv, {});
  if (helpRequested(values, BOARD_HELP)) return 0;
  const [ref = ''] = positionals(rest, ['BOARD']);
  return withClient(values, async (client) => {
    const b = await resolveBoard(client, ref);
    const res = await client.archiveBoard(b.Id);
    emit(values.json === true, res, () => `Archived board ${b.Id} ${one(b.Name)}\n`);
    return 0;
  });
}

export async function board(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === 'rename') return within('board rename', () => rename(rest));
  if (first === 'members') return within('board members', () => members(rest));
  if (first === 'archive') return within('board archive', () => archive(rest));
  if (first === 'signature')
    return within('board signature', async () => (await import('./board-signature.js')).boardSignature(rest));
  if (first === 'sla') return within('board sla', async () => (await import('./board-targets.js')).boardTargets(rest));
  const { values } = parse(argv, {});
  if (helpRequested(values, BOARD_HELP)) return 0;
  throw new UsageError(
    first === undefined
      ? `missing the action (${[...ACTIONS].join(', ')})`
      : `'${one(first)}' is not an action of board (${[...ACTIONS].join(', ')})`,
  );
}
