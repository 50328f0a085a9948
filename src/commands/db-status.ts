/** `inboard db status`: the schema's version, what is pending, each table's rows; read only. */
import { parseArgs } from 'node:util';
import { defaultDbPath } from '../config/paths.js';

const HELP = `Usage: inboard db status [--db PATH|URL]

Says the database's schema version against this inboard's, the migrations
an \`inboard serve\` of this version would run (one instance runs them, the
others wait), and how many rows each table holds. Reads only: nothing is
migrated or written.

  --db PATH|URL  a SQLite file (default ${defaultDbPath()}) or a PostgreSQL URL
                 (or INBOARD_DB; prefer it for a password: flags show in \`ps\`)

Exits 0 when the schema is this inboard's, 3 when migrations are pending,
4 when the schema is newer than this inboard, 1 when the database can't be read.
`;

const usage = (msg: string): number => {
  process.stderr.write(`inboard db: ${msg}\nSee 'inboard db status --help'.\n`);
  return 2;
};

export async function db(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === undefined) {
    process.stdout.write(HELP);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'status') return usage(`unknown subcommand '${sub}': the one there is is status`);
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { db: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return usage(err instanceof Error ? err.message : String(err));
  }
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const target = values.db ?? (process.env.INBOARD_DB || defaultDbPath());
  const { dbStatus } = await import('../server/ops/db-status.js');
  let s;
  try {
    s = await dbStatus(target);
  } catch (err) {
    process.stderr.write(`inboard db status: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const out: string[] = [`database: ${s.where} (${s.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`];
  const pending = Array.from({ length: Math.max(0, s.latest - s.current) }, (_, i) => s.current + i + 1);
  if (s.current > s.latest)
    out.push(
      `schema: version ${s.current}, newer than this inboard's ${s.latest}: upgrade inboard before serving it (an older serve refuses to start)`,
    );
  else out.push(`schema: version ${s.current} of this inboard's ${s.latest}`);
  out.push(
    pending.length === 0
      ? 'pending: nothing'
      : `pending: ${pending.length === 1 ? 'migration' : 'migrations'} ${pending.join(', ')}, run by the next inboard serve of this version`,
  );
  const width = Math.max(5, ...s.tables.map((t) => t.name.length));
  out.push('tables:');
  for (const t of s.tables) out.push(`  ${t.name.padEnd(width)}  ${t.rows}`);
  if (s.history.length > 0) {
    out.push('migrations run here:');
    for (const h of s.history) out.push(`  ${h.version}  ${h.at}  ${h.by}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return s.current > s.latest ? 4 : pending.length > 0 ? 3 : 0;
}
