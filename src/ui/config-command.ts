/**
 * `inboard config path | check | schema`: where the config file is, every
 * problem in it (each with its line; exit 1 when there is any), and the JSON
 * Schema shipped with inboard that a config names in `"$schema"`. In src/ui
 * because checking `"keys"` takes the keymap (src/commands never import the
 * UI), and `"commands"` are checked against the keys; it draws nothing and loads no Ink.
 */
import { readFileSync } from 'node:fs';
import { checkConfigText } from '../config/check.js';
import { ConfigFileSchema, type ConfigFile } from '../config/file-schema.js';
import { configFilePath } from '../config/paths.js';
import { applyKeys } from './keymap.js';
import { placedKeyProblems } from './keys/user-keys.js';
import { applyCommands, placedCommandProblems } from './user-commands/bindings.js';

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
  const problems = everyProblem(text);
  if (problems.length > 0) {
    io.err(`${path}: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`}\n`);
    io.err(problems.map((p) => `  ${p}\n`).join(''));
    return 1;
  }
  io.out(`${path}: no problems\n`);
  return 0;
}

const lineOf = (p: string) => {
  const m = /^line (\d+), column (\d+): /.exec(p);
  return m === null ? [0, 0] : [Number(m[1]), Number(m[2])];
};

/**
 * Every problem of the config's text at once, in the file's order: the
 * schema's, and those of `"keys"` and `"commands"` whenever that setting's
 * own shape is good — so a bad theme doesn't hide an unknown action.
 */
function everyProblem(text: string): string[] {
  const checked = checkConfigText(text);
  let keys: ConfigFile['keys'];
  let commands: ConfigFile['commands'];
  if (checked.ok) ({ keys, commands } = checked.config);
  else {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return checked.problems;
    }
    const member = (name: string): unknown =>
      json !== null && typeof json === 'object' ? (json as Record<string, unknown>)[name] : undefined;
    const k = ConfigFileSchema.shape.keys.safeParse(member('keys'));
    const c = ConfigFileSchema.shape.commands.safeParse(member('commands'));
    keys = k.success ? k.data : undefined;
    commands = c.success ? c.data : undefined;
  }
  const problems = [
    ...(checked.ok ? [] : checked.problems),
    ...placedKeyProblems(text, applyKeys(keys)),
    ...placedCommandProblems(text, applyCommands(commands ?? [])),
  ];
  return problems
    .map((p, i) => ({ p, i, at: lineOf(p) }))
    .sort((a, b) => a.at[0]! - b.at[0]! || a.at[1]! - b.at[1]! || a.i - b.i)
    .map((x) => x.p);
}
