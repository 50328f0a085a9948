/**
 * A one-shot command's start through V8's code cache (script.ts): the
 * commands as one classic script, dist/commands.cjs.
 *
 * The cache is written as a command that succeeded ends: by then V8 has
 * compiled the client, the configuration and the printing that every
 * command shares. One that failed may have stopped at its arguments, too
 * early to be worth keeping.
 */
import { loadScript } from './script.js';

interface CommandsScript {
  runCommand: (cmd: string, argv: string[]) => Promise<number>;
}

/**
 * Runs `inboard <cmd> …` from the classic script at `file` with its code
 * cache. Null when there is no such script (running from the sources): the
 * caller then imports the commands' module as usual.
 */
export async function runCommandsScript(file: string, cmd: string, argv: string[]): Promise<number | null> {
  const loaded = loadScript<CommandsScript>(file, 'commands');
  if (loaded === null) return null;
  const { runCommand } = loaded.exports;
  if (typeof runCommand !== 'function') throw new Error(`${file} does not export runCommand()`);
  const code = await runCommand(cmd, argv);
  if (code === 0) loaded.writeCache();
  return code;
}
