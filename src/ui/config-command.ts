/**
 * `inboard config path | check | schema`: where the config file is, every
 * problem in it (each with its line; exit 1 when there is any), and the JSON
 * Schema shipped with inboard that a config names in `"$schema"`. In src/ui
 * because checking `"keys"` takes the keymap (src/commands never import the
 * UI), and `"commands"` are checked against the keys; it draws nothing and loads no Ink.
 */
import { readFileSync } from 'node:fs';
import { checkConfigText } from '../config/check.js';
import { configFilePath } from '../config/paths.js';
import { applyKeys } from './keymap.js';
import { keyProblems } from './keys/user-keys.js';
import { applyCommands, commandProblems } from './user-commands/bindings.js';

const HELP = `Usage
  inboard config path     the config file inboard reads (INBOARD_CONFIG_DIR moves it)
  inboard config check    every problem in it, each with its line (exit 1 if any)
  inboard config schema   the JSON Schema of the file; name it in the file for
                          an editor's completion: {"$schema": "<that path>", …}
`;

export interface ConfigCommandIo {
  out: (s: string) => void;
  err: (s: string) => void;
  /** config.schema.json as shipped (beside dist/, at the package's root). */
  schemaPath: string;
}

export function configCommand(argv: string[], io: ConfigCommandIo): number {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.out(HELP);
    return 0;
  }
  if (rest.length > 0 || (sub !== 'path' && sub !== 'check' && sub !== 'schema')) {
    io.err(
      `inboard config: ${sub === undefined ? 'say path, check or schema' : `unexpected '${[sub, ...rest].join(' ')}'`}\n${HELP}`,
    );
    return 2;
  }
  const path = configFilePath();
  if (sub === 'path') {
    io.out(`${path}\n`);
    return 0;
  }
  if (sub === 'schema') {
    io.out(`${io.schemaPath}\n`);
    return 0;
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ENOENT') {
      io.out(`No config file at ${path}: inboard uses its defaults (the embedded service, the built-in keys).\n`);
      return 0;
    }
    io.err(`inboard config: cannot read ${path}: ${(e as Error).message}\n`);
    return 1;
  }
  const checked = checkConfigText(text);
  if (!checked.ok) {
    io.err(`${path}: ${checked.problems.length === 1 ? '1 problem' : `${checked.problems.length} problems`}\n`);
    io.err(checked.problems.map((p) => `  ${p}\n`).join(''));
    return 1;
  }
  const keys = applyKeys(checked.config.keys);
  if (keys.length > 0) {
    io.err(`inboard: ${keyProblems(path, keys)}\n`);
    return 1;
  }
  const commands = applyCommands(checked.config.commands ?? []);
  if (commands.length > 0) {
    io.err(`inboard: ${commandProblems(path, commands)}\n`);
    return 1;
  }
  io.out(`${path}: no problems\n`);
  return 0;
}
