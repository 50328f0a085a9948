/**
 * Entry point: dispatches to a command, importing it lazily so `--help`,
 * `--version` and the non-TUI commands never load Ink or React.
 */
import pkg from '../package.json' with { type: 'json' };

// chalk (and so Ink) ignores NO_COLOR; FORCE_COLOR=0 must be set before Ink loads.
if (process.env.NO_COLOR) process.env.FORCE_COLOR = '0';

const HELP = `inboard ${pkg.version} — a keyboard-driven kanban for a shared inbox

Usage
  inboard [--board ID|NAME] [--url URL] [--insecure] [--refresh SECONDS]
                              open the board (embedded demo service unless a URL is configured)
  inboard serve [options]     run the /v2 service for a team (inboard serve --help)
  inboard keys create|list|revoke ...
                              manage API keys of a service database (inboard keys --help)
  inboard boards | columns BOARD | tags BOARD | sequences [ID]
  inboard cards BOARD [--column COL] [--all]
  inboard card ID | card create|move|archive|comment|note|subtask|tag ...
                              scriptable: a table, or --json (inboard CMD --help)
  inboard api METHOD PATH [-F k=v]... [--input FILE]
                              any /v2 request with the configured key

Configuration (flag > environment > config file)
  --url URL        or INBOARD_URL       a remote /v2 service
  INBOARD_API_KEY  or the config file   its API key; prefer these to a flag,
                                        which other users can see in \`ps\`
  --api-key KEY                         accepted, but visible in \`ps\`
  config file: CONFIG_FILE
               {"url": "https://…", "apiKey": "…", "insecure": false}  (mode 0600)

  inboard --help      this text
  inboard --version   the version
`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(HELP.replace('CONFIG_FILE', (await import('./config/paths.js')).configFilePath()));
      return 0;
    case '--version':
    case '-v':
      process.stdout.write(`${pkg.version}\n`);
      return 0;
    case 'serve':
      return (await import('./commands/serve.js')).serve(rest);
    case 'keys':
      return (await import('./commands/keys.js')).keys(rest);
    default: {
      const scriptable = await import('./commands/index.js');
      if (cmd !== undefined && scriptable.COMMANDS.has(cmd)) return scriptable.runCommand(cmd, rest);
      if (cmd !== undefined && !cmd.startsWith('-')) {
        process.stderr.write(`inboard: unknown command '${cmd}'. See 'inboard --help'.\n`);
        return 2;
      }
      return (await import('./ui/run.js')).run(argv);
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`inboard: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
