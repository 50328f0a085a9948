/** `inboard serve`: the /v2 service for a team, standalone. */
import { realpathSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SERVE_DEFAULTS } from '../config/defaults.js';
import { defaultDbPath, embeddedKeyPath, secretFilePath } from '../config/paths.js';

const HELP = `Usage: inboard serve [options]

Runs the /v2 API on a SQLite file, or on PostgreSQL for a team: any number
of instances given one postgres:// URL serve the same boards.

Options
  --host HOST        address to bind (default ${SERVE_DEFAULTS.host}; anything else is reachable from the network)
  --port N           port (default ${SERVE_DEFAULTS.port}; 0 = any free port)
  --db PATH|URL      a SQLite file (default ${defaultDbPath()}), or a PostgreSQL URL
                     postgres://user:password@host:port/database[?sslmode=require]
                     (or INBOARD_DB; prefer it for a password: flags show in \`ps\`)
  --api-key KEY      owner key to use (prefer INBOARD_API_KEY: flags show in \`ps\`)
  --demo             fill an empty database with the demo workspace
  --rate-limit N     requests per minute per key (default ${SERVE_DEFAULTS.rateLimit}; 0 = off)
  --durability MODE  full (default): an acknowledged write survives kill -9 and power loss;
                     normal: survives kill -9, may lose the last writes on power loss, 1.5–3× the write rate
  --smtp URL         the SMTP relay replies leave through: smtp://user:password@host:port
                     (or smtps://…; prefer INBOARD_SMTP_URL: flags show in \`ps\`)
  --from ADDRESS     the From of replies, e.g. support@example.com (or INBOARD_MAIL_FROM)
  --send-delay SECONDS  how long each reply waits in the outbox, where its writer can take
                     it back (u), before it is sent (default ${SERVE_DEFAULTS.sendDelay}; 0 = at once);
                     kept in the database: a restart neither loses nor doubles one
  --mailbox-lease SECONDS  how long a mailbox stays with an instance that stopped renewing
                     (killed, frozen) before another instance takes it over (default
                     ${SERVE_DEFAULTS.mailboxLease}; 4 to 3600); each holder renews every quarter of it
  --notify-email MINUTES  mail each member the notifications they left unread that long
                     (1 to 10080), once each, through the board's mailbox (else --smtp)
  --metrics-token TOKEN  serve GET /metrics (Prometheus text) to requests that send
                     Authorization: Bearer TOKEN (prefer INBOARD_METRICS_TOKEN: flags show
                     in \`ps\`); without one, /metrics says it is off. /healthz and /readyz
                     need no key (docs/team-server.md)
  --log-format FORMAT  pretty (default): the time, then the words; json: one JSON object a
                     line (pino's fields: level, time, msg; a request's reqId, method, path,
                     status, ms). Every answer carries its request's id in X-Request-Id
  --systemd-unit     print a systemd unit that runs serve with the other flags given
                     (secrets left out: they go in its EnvironmentFile), then exit
  -h, --help         this text

Without a key, a new database gets an owner key, printed once on stderr; on a
database that has one, stderr says where it is (the embedded service's key
file, when \`inboard\` made the database) or how to make another (inboard keys).
stdout carries one line: "inboard serve listening on URL".
Without --smtp and --from, replies to a card's email are refused (and say so),
but on a board with a mailbox (inboard mailbox add), which send through its own.
Every mailbox of the database is watched (IMAP IDLE), each by one instance;
their passwords are unsealed with INBOARD_SECRET_FILE (default: beside a
SQLite file; for PostgreSQL, give every instance the same file).
`;

const usage = (msg: string): number => {
  process.stderr.write(`inboard serve: ${msg}\nSee 'inboard serve --help'.\n`);
  return 2;
};

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * A database that already had an owner prints no key (it was shown once,
 * when made): say where the owner's key is — the embedded service's key
 * file, when `inboard` (npm start) made this database — or how to make one.
 */
async function ownerKeyHint(dbPath: string, where: string): Promise<string> {
  const { openDatabase } = await import('../server/sql/open.js');
  const { findKeyOwner } = await import('../server/auth.js');
  const { readSecretFile } = await import('../config/key-file.js');
  const keyPath = embeddedKeyPath();
  const embedded = await readSecretFile(keyPath).catch(() => null);
  const db = await openDatabase(dbPath);
  try {
    const owner = await db.get<{ id: number; email: string }>(
      "SELECT u.id, u.email FROM users u JOIN meta m ON m.key = 'owner_user_id' AND u.id = CAST(m.value AS INTEGER)",
    );
    const found = embedded ? await findKeyOwner(db, embedded) : null;
    const make = `inboard keys create --email ${owner?.email ?? 'EMAIL'} --db ${where}`;
    if (owner !== undefined && found !== null && !found.revoked && found.userId === owner.id)
      return `inboard serve: the owner's API key is in ${keyPath} (made by the embedded service); use it as INBOARD_API_KEY, or make another: ${make}\n`;
    return `inboard serve: the owner's API key was shown once, when it was made; to make another: ${make}\n`;
  } finally {
    await db.close();
  }
}

export async function serve(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string', default: SERVE_DEFAULTS.host },
        port: { type: 'string', default: String(SERVE_DEFAULTS.port) },
        db: { type: 'string' },
        'api-key': { type: 'string' },
        demo: { type: 'boolean', default: false },
        'rate-limit': { type: 'string', default: String(SERVE_DEFAULTS.rateLimit) },
        durability: { type: 'string', default: 'full' },
        smtp: { type: 'string' },
        from: { type: 'string' },
        'send-delay': { type: 'string', default: String(SERVE_DEFAULTS.sendDelay) },
        'mailbox-lease': { type: 'string', default: String(SERVE_DEFAULTS.mailboxLease) },
        'metrics-token': { type: 'string' },
        'notify-email': { type: 'string' },
        'systemd-unit': { type: 'boolean', default: false },
        'log-format': { type: 'string', default: 'pretty' },
        help: { type: 'boolean', short: 'h', default: false },
      },
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
  if (values['systemd-unit']) {
    const { systemdUnit, unitFlags } = await import('./serve-unit.js');
    const { keep, dropped } = unitFlags(argv);
    if (dropped.length > 0)
      process.stderr.write(
        `inboard serve: left out of the unit: ${dropped.join(', ')} (secrets: put them in /etc/inboard/inboard.env as INBOARD_* variables)\n`,
      );
    process.stdout.write(systemdUnit(process.execPath, realpathSync(process.argv[1] ?? 'inboard'), keep));
    return 0;
  }
  const port = Number(values.port);
  if (!/^\d{1,5}$/.test(values.port) || port > 65535) return usage(`--port must be 0..65535, got '${values.port}'`);
  const rateLimit = Number(values['rate-limit']);
  if (!/^\d{1,7}$/.test(values['rate-limit']))
    return usage(`--rate-limit must be a whole number, got '${values['rate-limit']}'`);
  const sendDelay = Number(values['send-delay']);
  if (!/^\d{1,4}$/.test(values['send-delay']) || sendDelay > 3600)
    return usage(`--send-delay must be whole seconds from 0 to 3600, got '${values['send-delay']}'`);
  const lease = Number(values['mailbox-lease']);
  if (!/^\d{1,4}$/.test(values['mailbox-lease']) || lease < 4 || lease > 3600)
    return usage(`--mailbox-lease must be whole seconds from 4 to 3600, got '${values['mailbox-lease']}'`);
  const notifyEmail = values['notify-email'];
  if (notifyEmail !== undefined && (!/^\d{1,5}$/.test(notifyEmail) || +notifyEmail < 1 || +notifyEmail > 10080))
    return usage(`--notify-email must be whole minutes from 1 to 10080 (a week), got '${notifyEmail}'`);
  const logFormat = values['log-format'];
  if (logFormat !== 'json' && logFormat !== 'pretty')
    return usage(`--log-format must be json or pretty, got '${logFormat}'`);
  const durability = values.durability;
  if (durability !== 'full' && durability !== 'normal')
    return usage(`--durability must be full or normal, got '${durability}'`);
  const apiKey = values['api-key'] ?? (process.env.INBOARD_API_KEY || undefined);
  if (apiKey !== undefined && apiKey.length < 16) return usage('the API key needs at least 16 characters');
  const metricsToken = values['metrics-token'] ?? (process.env.INBOARD_METRICS_TOKEN || undefined);
  if (metricsToken !== undefined && (metricsToken.length < 16 || /\s/.test(metricsToken)))
    return usage('the metrics token needs at least 16 characters, without spaces');
  const smtpUrl = values.smtp ?? (process.env.INBOARD_SMTP_URL || undefined);
  const from = values.from ?? (process.env.INBOARD_MAIL_FROM || undefined);
  if ((smtpUrl === undefined) !== (from === undefined))
    return usage(
      smtpUrl === undefined
        ? '--from needs --smtp (or INBOARD_SMTP_URL)'
        : '--smtp needs --from (or INBOARD_MAIL_FROM)',
    );
  const { mailSettingsProblem } = await import('../server/mail/smtp.js');
  const mail = smtpUrl === undefined || from === undefined ? undefined : { smtpUrl, from };
  const problem = mail === undefined ? undefined : mailSettingsProblem(mail);
  if (problem !== undefined) return usage(problem);
  const host = values.host;
  const dbPath = values.db ?? (process.env.INBOARD_DB || defaultDbPath());

  const { startService } = await import('../server/index.js');
  const { serveLogger } = await import('./serve-log.js');
  const log = serveLogger(logFormat);
  // serve's own notices: the words as they were in a pretty log; events like any other in a JSON one.
  const say = (s: string): void => {
    if (logFormat === 'pretty') return void process.stderr.write(s);
    for (const line of s.split('\n')) if (line.trim() !== '') log(line.replace(/^inboard serve: /, '').trim());
  };
  const service = await startService({
    dbPath,
    host,
    port,
    rateLimit,
    durability,
    demo: values.demo,
    log,
    secretFile: secretFilePath(dbPath),
    watchMailboxes: { leaseMs: lease * 1000 },
    sendDelayMs: sendDelay * 1000,
    ...(notifyEmail !== undefined ? { notify: { emailAfterMs: Number(notifyEmail) * 60_000 } } : {}),
    ...(mail !== undefined ? { mail } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(metricsToken !== undefined ? { metricsToken } : {}),
  }).catch((err: unknown) => {
    // A database it can't open or reach: its words (host and reason), and no file made instead.
    process.stderr.write(`inboard serve: ${err instanceof Error ? err.message : String(err)}\n`);
    return null;
  });
  if (service === null) return 1;
  if (!LOOPBACK.has(host)) {
    say(
      `inboard serve: warning: listening on ${host}, reachable from other machines over plain HTTP; put TLS in front of it.\n`,
    );
  }
  if (service.keyCreated) {
    // Plain text even in a JSON log: shown once, to the person starting it, not a log event.
    process.stderr.write(
      `inboard serve: created the owner's API key. It is shown once, only here; keep it secret:\n  ${service.apiKey}\n`,
    );
  }
  if (values.demo && !service.seeded) say('inboard serve: --demo ignored, the database already has boards.\n');
  if (!service.keyCreated && apiKey === undefined) say(await ownerKeyHint(dbPath, service.database));
  say(`inboard serve: database ${service.database}\n`);
  say(
    mail === undefined
      ? 'inboard serve: replies off (no --smtp/--from)\n'
      : `inboard serve: replies from ${mail.from} through ${new URL(mail.smtpUrl).host}\n`,
  );
  say(
    sendDelay === 0
      ? 'inboard serve: replies sent at once (--send-delay 0: no taking back)\n'
      : `inboard serve: replies wait ${sendDelay} s in the outbox, where their writer can take them back\n`,
  );
  if (notifyEmail !== undefined)
    say(`inboard serve: notifications left unread ${notifyEmail} min are mailed to their member\n`);
  const boxes = service.mailboxes;
  if (boxes !== null) {
    const n = (await boxes.tick(), boxes.watching().length);
    say(`inboard serve: watching ${n} mailbox${n === 1 ? '' : 'es'} (inboard mailbox list)\n`);
  }
  say(
    metricsToken === undefined
      ? 'inboard serve: metrics off (no --metrics-token); /healthz and /readyz answer without a key\n'
      : 'inboard serve: metrics at /metrics with the operator token; /healthz and /readyz answer without a key\n',
  );
  process.stdout.write(`inboard serve listening on ${service.url}\n`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        // A second signal: whoever sent it will not wait. A reply being sent is resent, same Message-ID, by the next instance.
        say(`inboard serve: ${signal} again, exiting now\n`);
        process.exit(1);
      }
      stopping = true;
      say(
        `inboard serve: ${signal}: stopping (new requests get 503, event streams are told to reconnect, ` +
          'the outbox finishes what it is sending, mailboxes are handed back); again to exit at once\n',
      );
      service.close().then(
        () => {
          say('inboard serve: stopped\n');
          resolve(0);
        },
        (err: unknown) => {
          say(`inboard serve: stopping: ${err instanceof Error ? err.message : String(err)}\n`);
          resolve(1);
        },
      );
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}
