/** `inboard keys create|list|revoke`: API keys of a service database. */
import { parseArgs } from 'node:util';
import { defaultDbPath } from '../config/paths.js';

const HELP = `Usage
  inboard keys create --email EMAIL [--plan pro|trial|free] [--db PATH|URL]
                       create a key (and the user if new); prints only the key
  inboard keys list [--db PATH|URL]
                       prefix, email, plan, created, revoked — never the key
  inboard keys revoke KEY_PREFIX [--db PATH|URL]
                       revoke the key starting with KEY_PREFIX

--db is a SQLite file (default ${defaultDbPath()}) or the
postgres://user:password@host:port/database URL \`inboard serve\` was given
(or INBOARD_DB).
`;

const usage = (msg: string): number => {
  process.stderr.write(`inboard keys: ${msg}\nSee 'inboard keys --help'.\n`);
  return 2;
};

export async function keys(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        db: { type: 'string' },
        email: { type: 'string' },
        plan: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    return usage(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const [sub, ...rest] = positionals;
  const dbPath = values.db ?? (process.env.INBOARD_DB || defaultDbPath());
  const { openDatabase } = await import('../server/sql/open.js');
  const auth = await import('../server/auth.js');
  const open = async () => {
    try {
      return await openDatabase(dbPath);
    } catch (err) {
      process.stderr.write(`inboard keys: ${err instanceof Error ? err.message : String(err)}\n`);
      return null;
    }
  };

  switch (sub) {
    case 'create': {
      if (rest.length > 0) return usage(`unexpected argument '${rest[0]}'`);
      if (values.email === undefined || !/^[^\s@]+@[^\s@]+$/.test(values.email))
        return usage('create needs --email EMAIL');
      const plan = values.plan ?? 'pro';
      if (!auth.PLANS.includes(plan as never)) return usage(`--plan must be pro, trial or free, got '${plan}'`);
      const db = await open();
      if (db === null) return 1;
      try {
        const key = await auth.createUserKey(db, { email: values.email, plan: plan as (typeof auth.PLANS)[number] });
        process.stdout.write(`${key}\n`);
      } finally {
        await db.close();
      }
      return 0;
    }
    case 'list': {
      if (rest.length > 0) return usage(`unexpected argument '${rest[0]}'`);
      const db = await open();
      if (db === null) return 1;
      try {
        const rows = await auth.listKeys(db);
        const table = [['PREFIX', 'EMAIL', 'PLAN', 'CREATED', 'REVOKED']].concat(
          rows.map((r) => [`${r.prefix}…`, r.email, r.plan, r.created, r.revoked ?? '-']),
        );
        const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
        for (const row of table)
          process.stdout.write(
            `${row
              .map((c, i) => c.padEnd(widths[i]!))
              .join('  ')
              .trimEnd()}\n`,
          );
      } finally {
        await db.close();
      }
      return 0;
    }
    case 'revoke': {
      const [prefix, extra] = rest;
      if (prefix === undefined || extra !== undefined) return usage('revoke needs exactly one KEY_PREFIX');
      if (prefix.length < 4) return usage('give at least 4 characters of the key prefix');
      const db = await open();
      if (db === null) return 1;
      try {
        const n = await auth.revokeKey(db, prefix);
        if (n === 0) {
          process.stderr.write(`inboard keys: no active key starts with '${prefix}'\n`);
          return 1;
        }
        process.stderr.write(`inboard keys: revoked ${n} key\n`);
        return 0;
      } catch (err) {
        process.stderr.write(`inboard keys: ${err instanceof Error ? err.message : String(err)}\n`);
        return 1;
      } finally {
        await db.close();
      }
    }
    case undefined:
      return usage('missing subcommand: create, list or revoke');
    default:
      return usage(`unknown subcommand '${sub}'`);
  }
}
