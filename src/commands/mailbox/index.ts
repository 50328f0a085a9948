/**
 * `inboard mailbox add|list|test|remove`: the team's own mailboxes, kept in
 * the service's database (SQLite file or PostgreSQL URL, as `inboard keys`),
 * so every instance of `inboard serve` on it watches them.
 */
import { parseArgs } from 'node:util';
import { HELP, MailboxUsage, OPTIONS, say } from './shared.js';

export async function mailbox(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  } catch (e) {
    say(`${e instanceof Error ? e.message : String(e)}\nSee 'inboard mailbox --help'.`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [sub, ...rest] = positionals;
  if (values.help || sub === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  try {
    switch (sub) {
      case 'add':
        return await (await import('./add.js')).add(values, rest);
      case 'list':
        return await (await import('./list.js')).list(values, rest);
      case 'test':
        return await (await import('./test.js')).test(values, rest);
      case 'remove':
        return await (await import('./remove.js')).remove(values, rest);
      case undefined:
        throw new MailboxUsage('missing subcommand: add, list, test or remove');
      default:
        throw new MailboxUsage(`unknown subcommand '${sub}': add, list, test or remove`);
    }
  } catch (e) {
    if (e instanceof MailboxUsage) {
      say(`${e.message}\nSee 'inboard mailbox --help'.`);
      return 2;
    }
    say(e instanceof Error ? e.message : String(e));
    return 1;
  }
}
