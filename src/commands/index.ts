/**
 * Scriptable (non-TUI) commands. Each family is imported lazily, and none of
 * them imports src/ui or Ink: a script calling `inboard cards` pays for the
 * client and the printing, not for React.
 *
 * Errors become exit statuses here, once: 2 for a command line that cannot
 * work (unknown flag, missing argument, bad configuration), 1 when the server
 * or its data said no. Messages are in the server's words, sanitized, and
 * never carry the key (the client redacts it from anything it reports).
 */
import { isApiError } from '../api/errors.js';
import { ConfigError } from '../config/resolve.js';
import { sanitize } from '../text/sanitize.js';
import { CommandError, UsageError } from './args.js';

type Run = (argv: string[]) => Promise<number>;

const TABLE: Record<string, () => Promise<Run>> = {
  boards: async () => (await import('./boards.js')).boards,
  columns: async () => (await import('./boards.js')).columns,
  cards: async () => (await import('./cards.js')).cards,
  archived: async () => (await import('./archived.js')).archived,
  snoozed: async () => (await import('./snoozed.js')).snoozed,
  card: async () => (await import('./card.js')).card,
  tags: async () => (await import('./tags.js')).tags,
  board: async () => (await import('./board-admin.js')).board,
  column: async () => (await import('./column-admin.js')).column,
  sequences: async () => (await import('./sequences.js')).sequences,
  search: async () => (await import('./search.js')).search,
  report: async () => (await import('./report/command.js')).report,
  customer: async () => (await import('./customer.js')).customer,
  rules: async () => (await import('./rules/index.js')).rules,
  replies: async () => (await import('./replies/index.js')).replies,
  notifications: async () => (await import('./notifications/index.js')).notifications,
  api: async () => (await import('./api.js')).api,
  mcp: async () => (await import('./mcp/index.js')).mcp,
};

export const COMMANDS: ReadonlySet<string> = new Set(Object.keys(TABLE));

const say = (text: string) => void process.stderr.write(`${text}\n`);

// `inboard cards 1 --json | head`: a reader that goes away is not an error of ours;
// the command still finishes and closes its connection.
const readerGone = (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
};

export async function runCommand(cmd: string, argv: string[]): Promise<number> {
  const load = TABLE[cmd];
  if (load === undefined) {
    say(`inboard: unknown command '${sanitize(cmd)}'. See 'inboard --help'.`);
    return 2;
  }
  // Once, however many commands a process runs (a test's command host runs many).
  if (!process.stdout.listeners('error').includes(readerGone)) process.stdout.on('error', readerGone);
  try {
    return await (
      await load()
    )(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      const command = e.command ?? cmd;
      say(`inboard ${command}: ${sanitize(e.message, { multiline: true })}\nSee 'inboard ${command} --help'.`);
      return 2;
    }
    if (e instanceof ConfigError) {
      say(`inboard: ${sanitize(e.message)}`);
      return 2;
    }
    if (isApiError(e)) {
      say(`inboard: ${sanitize(e.message)}${e.status > 0 ? ` (${e.status})` : ''}`);
      return 1;
    }
    if (e instanceof CommandError) {
      say(`inboard: ${sanitize(e.message)}`);
      return 1;
    }
    say(`inboard: ${sanitize(e instanceof Error ? e.message : String(e))}`);
    return 1;
  }
}
