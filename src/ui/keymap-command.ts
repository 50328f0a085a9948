/**
 * `inboard keymap [--json | --markdown]`: every action with its scope, its
 * keys in force (the config's `"keys"` applied, and its `"commands"`) and what it does. Lives in
 * src/ui because the keymap does (src/commands never import the UI); it
 * draws nothing and loads no Ink.
 */
import { parseArgs } from 'node:util';
import { readConfigFile, ConfigError } from '../config/resolve.js';
import { configFilePath } from '../config/paths.js';
import { applyKeys, displayKey, KEYMAP, keymap, keyTableMarkdown } from './keymap.js';
import { configKeyName } from './keys/key-names.js';
import { keyProblems } from './keys/user-keys.js';
import { applyCommands, commandProblems, isCommandBinding } from './user-commands/bindings.js';

const HELP = `Usage
  inboard keymap [--json | --markdown]
      every action with its scope, its keys (the config's "keys" applied) and
      what it does; --json for scripts, --markdown for a README-style table.
  Change keys in the config file (${configFilePath()}):
      "keys": {"card.archive": ["X"], "move.right": ["ctrl+l"], "card.due": []}
  Your commands on keys, in the same file (listed as command.1, command.2…):
      "commands": [{"key": "O", "title": "open", "run": "xdg-open https://example.com/{{id}}"}]
`;

export function keymapCommand(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { json: { type: 'boolean' }, markdown: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (e) {
    err(`inboard keymap: ${(e as Error).message}\nSee 'inboard keymap --help'.\n`);
    return 2;
  }
  if (values.help === true) {
    out(HELP);
    return 0;
  }
  const path = configFilePath();
  try {
    const file = readConfigFile(path);
    const problems = applyKeys(file?.keys);
    if (problems.length > 0) {
      err(`inboard: ${keyProblems(path, problems)}\n`);
      return 2;
    }
    const commands = applyCommands(file?.commands ?? []);
    if (commands.length > 0) {
      err(`inboard: ${commandProblems(path, commands)}\n`);
      return 2;
    }
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    err(`inboard: ${e.message}\n`);
    return 2;
  }
  const builtIn = new Map(KEYMAP.map((b) => [`${b.scope}:${b.action}`, b.keys.join(' ')]));
  const rows = keymap().map((b) => ({
    action: b.action,
    scope: b.scope,
    keys: b.keys.map(configKeyName),
    help: b.help,
    changed: builtIn.get(`${b.scope}:${b.action}`) !== b.keys.join(' '),
    // One of your commands: what it runs.
    ...(isCommandBinding(b) ? { run: b.command.run, on: b.command.on ?? 'card' } : {}),
  }));
  if (values.json === true) {
    out(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  if (values.markdown === true) {
    out(`${keyTableMarkdown()}\n`);
    return 0;
  }
  const lines: string[] = [];
  let scope = '';
  for (const r of rows) {
    if (r.scope !== scope) {
      scope = r.scope;
      lines.push(lines.length === 0 ? scope : `\n${scope}`);
    }
    const keys =
      r.keys.length === 0
        ? '(no key)'
        : keymap()
            .find((b) => b.scope === r.scope && b.action === r.action)!
            .keys.map(displayKey)
            .join(' ');
    lines.push(`  ${r.action.padEnd(26)} ${keys.padEnd(18)} ${r.help}${r.changed ? '  (yours)' : ''}`);
  }
  out(`${lines.join('\n')}\n`);
  return 0;
}
