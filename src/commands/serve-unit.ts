/**
 * `inboard serve --systemd-unit`: a systemd unit that runs this inboard with
 * the flags given beside it. Secrets never go into the unit (units are
 * world-readable): they belong in its EnvironmentFile, which the unit names.
 */

/** Flags whose values are secrets: left out of ExecStart, said on stderr. */
const SECRET_FLAGS = new Set(['--api-key', '--smtp', '--metrics-token']);

/** One argument as systemd's ExecStart reads it: quoted when it must be, `%` and `$` doubled. */
function unitArg(a: string): string {
  const escaped = a.replace(/%/g, '%%').replace(/\$/g, '$$$$');
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? escaped : `"${escaped.replace(/(["\\])/g, '\\$1')}"`;
}

/** The serve flags to keep (secrets and --systemd-unit dropped), and the secret flags that were given. */
export function unitFlags(argv: string[]): { keep: string[]; dropped: string[] } {
  const keep: string[] = [];
  const dropped: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const name = a.split('=')[0] ?? a;
    if (a === '--systemd-unit') continue;
    if (SECRET_FLAGS.has(name)) {
      dropped.push(name);
      if (!a.includes('=')) i++;
      continue;
    }
    keep.push(a);
  }
  return { keep, dropped };
}

export function systemdUnit(node: string, cli: string, flags: string[]): string {
  const exec = [node, cli, 'serve', ...flags].map(unitArg).join(' ');
  return `# inboard serve as a systemd service (inboard serve --systemd-unit).
# Install: save as /etc/systemd/system/inboard.service, put the secrets in
# /etc/inboard/inboard.env (mode 0600), then:
#   systemctl daemon-reload && systemctl enable --now inboard
[Unit]
Description=inboard serve: the team's boards and mailboxes
Wants=network-online.target
After=network-online.target postgresql.service

[Service]
Type=simple
User=inboard
Group=inboard
# INBOARD_DB, INBOARD_API_KEY, INBOARD_SMTP_URL, INBOARD_MAIL_FROM,
# INBOARD_SECRET_FILE, INBOARD_METRICS_TOKEN: one NAME=value a line.
EnvironmentFile=-/etc/inboard/inboard.env
ExecStart=${exec}
# SIGTERM stops it cleanly: event streams told to reconnect, the outbox's
# send finished, the mailboxes handed to another instance at once.
KillSignal=SIGTERM
TimeoutStopSec=30
Restart=on-failure
RestartSec=2
StateDirectory=inboard
NoNewPrivileges=true
PrivateTmp=true
ProtectSystem=strict
ProtectHome=true
ReadWritePaths=/var/lib/inboard

[Install]
WantedBy=multi-user.target
`;
}
