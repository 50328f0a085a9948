/**
 * The config's `"commands"` as keymap bindings: a card command is bound on
 * the board (the focused card, or each selected card), in the detail and in
 * triage, as the card actions are (keys/card-actions.ts, the same screens'
 * `CardScreen`s); a board command on the board. They join the keymap in
 * force after the config's `"keys"`, under "Your commands" in `?` and in
 * `inboard keymap`. A key that is already taken in a scope — by a built-in
 * action, by your keys, by another command — or that would hide `?` or `q`
 * is refused, naming both, and then none of the commands is bound.
 */
import { readFileSync } from 'node:fs';
import { settingWhere } from '../../config/check.js';
import type { UserCommand } from '../../config/command-schema.js';
import { activeTable, boundIn, installKeymap } from '../keys/active.js';
// The built-in keymap is installed when keymap.ts is first evaluated: it must be in force before
// commands are checked against it and added to it (else they would meet an empty table, and the
// built-in one installed after would drop them).
import '../keymap.js';
import { BOARD_CARDS } from '../keys/board-keys.js';
import type { CardScreen } from '../keys/card-actions.js';
import type { ScreenKeys } from '../keys/context.js';
import { DETAIL_CARDS } from '../keys/detail-keys.js';
import { parseKeyName } from '../keys/key-names.js';
import { TRIAGE_CARDS } from '../keys/triage-keys.js';
import type { Binding, ScreenBinding } from '../keys/types.js';
import { runUserCommand } from './run-flow.js';

/** A binding of one of your commands: the command as the config gives it. */
export interface CommandBinding extends ScreenBinding<ScreenKeys> {
  readonly command: UserCommand;
}

export const isCommandBinding = (b: Binding): b is CommandBinding => 'command' in b;

/** A command that can't be bound, and where in the file its setting is. */
export interface CommandProblem {
  readonly path: readonly (string | number)[];
  readonly text: string;
}

const SCREENS: Record<'card' | 'board', readonly CardScreen[]> = {
  card: [BOARD_CARDS, DETAIL_CARDS, TRIAGE_CARDS],
  board: [BOARD_CARDS],
};

const named = (i: number, c: UserCommand) => `commands[${i}] (“${c.title}”)`;

/** "open in the browser (on each selected card, if any; asks y/n)". */
function helpOf(c: UserCommand, selects: boolean): string {
  const notes = [selects ? 'on each selected card, if any' : '', c.confirm === true ? 'asks y/n' : ''].filter(Boolean);
  return notes.length === 0 ? c.title : `${c.title} (${notes.join('; ')})`;
}

function bindingsOf(c: UserCommand, i: number, key: string): CommandBinding[] {
  const on = c.on ?? 'card';
  return SCREENS[on].map((screen): CommandBinding => ({
    action: `command.${i + 1}`,
    keys: [key],
    scope: screen.scope,
    group: 'Your commands',
    help: helpOf(c, on === 'card' && screen.selects),
    command: c,
    // Why there is no card to run it on, as for every card action.
    unavailable: (k) => (on === 'card' ? screen.unavailable(k, true) : null),
    run: (k) => {
      k.store.getState().clearError();
      runUserCommand(k.flow, c, on === 'card' ? screen.targets(k, true).ids : null);
    },
  }));
}

/** The table with each command's bindings after the last binding of its scope, in the file's order. */
function withCommands(table: readonly Binding[], made: readonly CommandBinding[]): Binding[] {
  const out = [...table];
  for (const b of made) {
    let at = out.length;
    for (let j = out.length - 1; j >= 0; j--)
      if (out[j]!.scope === b.scope) {
        at = j + 1;
        break;
      }
    out.splice(at, 0, b);
  }
  return out;
}

/**
 * Binds the commands into the keymap in force (after the config's `"keys"`),
 * all or none: every problem, each with its setting's place, and nothing
 * bound when there is one.
 */
export function applyCommands(list: readonly UserCommand[]): CommandProblem[] {
  const problems: CommandProblem[] = [];
  const made: CommandBinding[] = [];
  const taken = new Map<string, number>();
  list.forEach((c, i) => {
    const at = ['commands', i, 'key'] as const;
    const parsed = parseKeyName(c.key);
    if ('error' in parsed) return problems.push({ path: at, text: `${named(i, c)} "${c.key}": ${parsed.error}` });
    if (parsed.promptOnly)
      return problems.push({ path: at, text: `${named(i, c)} "${c.key}": that key is read only in a text prompt` });
    const key = parsed.name;
    for (const b of bindingsOf(c, i, key)) {
      const other = taken.get(`${b.scope}:${key}`);
      const builtIn = boundIn(b.scope, key);
      const global = boundIn('global', key);
      if (other !== undefined)
        problems.push({
          path: at,
          text: `"${c.key}" is bound twice in ${b.scope}: to ${named(other, list[other]!)} and to ${named(i, c)}`,
        });
      else if (builtIn !== undefined)
        problems.push({
          path: at,
          text: `"${c.key}" of ${named(i, c)} is already ${builtIn.action} (${builtIn.help}) in ${b.scope}: pick a free key (\`inboard keymap\` lists those taken)`,
        });
      else if (global !== undefined)
        problems.push({
          path: at,
          text: `"${c.key}" of ${named(i, c)} would hide ${global.action} (${global.help}) in ${b.scope}`,
        });
      taken.set(`${b.scope}:${key}`, i);
      made.push(b);
    }
  });
  if (problems.length === 0) installKeymap(withCommands(activeTable(), made));
  return problems;
}

/** The commands that can't be bound, every one with its line in the file, and what was done about them (nothing). */
export function commandProblems(path: string, problems: readonly CommandProblem[]): string {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    // Said without lines, then.
  }
  return (
    `the config file ${path} has commands that can't be bound, so none of them were:\n` +
    placedCommandProblems(text, problems)
      .map((p) => `  ${p}`)
      .join('\n') +
    '\n(`inboard keymap` lists every key taken; `inboard config check` checks the file)'
  );
}

/** Each command problem with its place in the config's text ("line 3, column 5: …"; no place without a text). */
export function placedCommandProblems(text: string, problems: readonly CommandProblem[]): string[] {
  return problems.map((p) => `${text === '' ? '' : settingWhere(text, p.path.map(String))}${p.text}`);
}
