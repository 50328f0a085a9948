/**
 * Entry point: dispatches to a command, importing it lazily so `--help`,
 * `--version` and the non-TUI commands never load Ink or React.
 */
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import pkg from '../package.json' with { type: 'json' };

// chalk (and so Ink) ignores NO_COLOR; FORCE_COLOR=0 must be set before Ink loads.
if (process.env.NO_COLOR) process.env.FORCE_COLOR = '0';

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case '--help':
    case '-h':
    case 'help': {
      // The usage text lives in commands/usage.ts, shared with the board's flag errors (ui/run.tsx).
      const [{ usage }, { configFilePath }] = await Promise.all([
        import('./commands/usage.js'),
        import('./config/paths.js'),
      ]);
      process.stdout.write(usage(pkg.version, configFilePath()));
      return 0;
    }
    case '--version':
    case '-v':
      process.stdout.write(`${pkg.version}\n`);
      return 0;
    case 'serve':
      return (await import('./commands/serve.js')).serve(rest);
    case 'keys':
      return (await import('./commands/keys.js')).keys(rest);
    case 'db':
      return (await import('./commands/db-status.js')).db(rest);
    case 'backup':
      return (await import('./commands/backup.js')).backup(rest);
    case 'restore':
      return (await import('./commands/backup.js')).restore(rest);
    case 'mailbox':
      return (await import('./commands/mailbox/index.js')).mailbox(rest);
    case 'keymap':
      // The keymap is the UI's (src/ui/keymap.ts); printing it loads no Ink.
      return (await import('./ui/keymap-command.js')).keymapCommand(
        rest,
        (s) => process.stdout.write(s),
        (s) => process.stderr.write(s),
      );
    case 'config':
      // Checking "keys" takes the keymap, the UI's; nothing is drawn.
      return (await import('./ui/config-command.js')).configCommand(rest, {
        out: (s) => process.stdout.write(s),
        err: (s) => process.stderr.write(s),
        // Shipped at the package's root: beside dist/ as built, beside src/ in a checkout.
        schemaPath: fileURLToPath(new URL('../config.schema.json', import.meta.url)),
      });
    case 'mail-in':
      // Not a scriptable command: its exit statuses are the mail system's (sysexits), not 1 and 2.
      return (await import('./commands/mail-in.js')).mailIn(rest);
    default: {
      // The board (no command, or flags only) is the start people wait for: it skips the commands' table.
      // From the build's classic script with V8's code cache (boot/board-script.ts) when there is one.
      if (cmd === undefined || cmd.startsWith('-')) {
        const script = fileURLToPath(new URL('board.cjs', import.meta.url));
        return (
          (await import('./boot/board-script.js')).runBoardScript(script, argv) ??
          (await import('./ui/run.js')).run(argv)
        );
      }
      // A one-shot command reads one or two answers: undici parses them in WebAssembly, which V8 goes on to
      // optimise on a background thread that Node waits for before the process may exit (about 100 ms of
      // every command, measured in docs/performance.md). V8's baseline compiler alone is plenty for that.
      // Not for `mcp`, which stays up and reads answers for as long as its client runs.
      if (cmd !== 'mcp') {
        setFlagsFromString('--liftoff-only');
        // From the build's classic script with V8's code cache (boot/commands-script.ts) when there is one.
        // Not `mcp`: it runs under other V8 flags, which V8 would refuse the cache for, and stays up anyway.
        const script = fileURLToPath(new URL('commands.cjs', import.meta.url));
        const code = await (await import('./boot/commands-script.js')).runCommandsScript(script, cmd, rest);
        if (code !== null) return code;
      }
      const scriptable = await import('./commands/index.js');
      if (scriptable.COMMANDS.has(cmd)) return scriptable.runCommand(cmd, rest);
      process.stderr.write(`inboard: unknown command '${cmd}'. See 'inboard --help'.\n`);
      return 2;
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
