/**
 * Your commands in the keymap: a card command is bound on the board, in the
 * detail and in triage, a board command on the board, under "Your commands"
 * in `?`; a key already taken (built in, by your keys, by another command),
 * one that would hide `?`, or one that can't be read is refused naming both,
 * with its line in the file — and then none is bound. `inboard config
 * check` and `inboard keymap --json` say the same.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { UserCommand } from '../../../src/config/command-schema.js';
import { configCommand } from '../../../src/ui/config-command.js';
import { helpLines } from '../../../src/ui/Help.js';
import { keymapCommand } from '../../../src/ui/keymap-command.js';
import { applyKeys, bindingOf, bindingsFor } from '../../../src/ui/keymap.js';
import { applyCommands, commandProblems } from '../../../src/ui/user-commands/bindings.js';

const OPEN: UserCommand = { key: 'O', title: 'open in the browser', run: 'xdg-open https://x.example/{{id}}' };
const dir = mkdtempSync(join(tmpdir(), 'inboard-commands-'));
const was = process.env.INBOARD_CONFIG_DIR;

afterEach(() => {
  applyKeys({});
  if (was === undefined) delete process.env.INBOARD_CONFIG_DIR;
  else process.env.INBOARD_CONFIG_DIR = was;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const texts = (list: UserCommand[]) => applyCommands(list).map((p) => p.text);

describe('your commands in the keymap', () => {
  it('binds a card command on the board, in the detail and in triage, and a board command on the board', () => {
    expect(texts([OPEN, { key: 'ctrl+o', title: 'board report', run: 'report {{board}}', on: 'board' }])).toEqual([]);
    for (const scope of ['board', 'detail', 'triage'] as const)
      expect(bindingOf(scope, 'O')).toMatchObject({ action: 'command.1', group: 'Your commands' });
    expect(bindingOf('board', 'C-o')?.action).toBe('command.2');
    expect(bindingOf('detail', 'C-o')).toBeUndefined();
    expect(bindingsFor('board').at(-3)?.action).toBe('command.2');
  });

  it('lists them in ? under “Your commands”, saying where a selection counts and what asks first', () => {
    applyCommands([OPEN, { key: 'Q', title: 'print it', run: 'lp', confirm: true }]);
    const board = helpLines('board').map((l) => l.text.trim());
    const at = board.indexOf('Your commands');
    expect(at).toBeGreaterThan(0);
    expect(board.slice(at + 1, at + 3)).toEqual([
      expect.stringMatching(/^O +open in the browser \(on each selected card, if any\)$/),
      expect.stringMatching(/^Q +print it \(on each selected card, if any; asks y\/n\)$/),
    ]);
    expect(helpLines('detail').map((l) => l.text.trim())).toContainEqual(
      expect.stringMatching(/^O +open in the browser$/),
    );
  });

  it('refuses a key already taken, naming both; and then binds none', () => {
    expect(texts([OPEN, { key: 'a', title: 'ask', run: 'ask {{id}}' }])).toEqual([
      '"a" of commands[1] (“ask”) is already card.archive (archive, or the selected cards (asks y/n)) in board: pick a free key (`inboard keymap` lists those taken)',
      '"a" of commands[1] (“ask”) is already card.archive (archive (asks y/n)) in detail: pick a free key (`inboard keymap` lists those taken)',
      '"a" of commands[1] (“ask”) is already card.archive (archive the card, and go on (no y/n: u brings it back)) in triage: pick a free key (`inboard keymap` lists those taken)',
    ]);
    expect(bindingOf('board', 'O')).toBeUndefined();
  });

  it('refuses a key your "keys" took, two commands on one key, a key hiding ?, and keys it can’t read', () => {
    applyKeys({ 'board.refresh': ['O'] });
    expect(texts([OPEN])[0]).toMatch(
      /^"O" of commands\[0\] \(“open in the browser”\) is already board.refresh \(refresh\) in board/,
    );
    applyKeys({});
    expect(texts([OPEN, { ...OPEN, title: 'again', on: 'board' }])).toEqual([
      '"O" is bound twice in board: to commands[0] (“open in the browser”) and to commands[1] (“again”)',
    ]);
    expect(texts([{ ...OPEN, key: '?' }])).toContain(
      '"?" of commands[0] (“open in the browser”) would hide help (this help) in board',
    );
    expect(texts([{ ...OPEN, key: 'F13' }])[0]).toMatch(
      /^commands\[0\] \(“open in the browser”\) "F13": "F13" is not a key name/,
    );
    expect(texts([{ ...OPEN, key: 'alt+o' }])).toEqual([
      'commands[0] (“open in the browser”) "alt+o": that key is read only in a text prompt',
    ]);
  });

  it('places each problem on its line in the file', () => {
    const path = join(dir, 'placed.json');
    writeFileSync(path, '{\n  "commands": [\n    {"title": "t", "run": "r", "key": "j"}\n  ]\n}\n');
    const said = commandProblems(path, applyCommands([{ title: 't', run: 'r', key: 'j' }]));
    expect(said).toContain('the config file ' + path + " has commands that can't be bound, so none of them were:");
    expect(said).toContain('  line 3, column 32: "j" of commands[0] (“t”) is already card.next');
  });
});

describe('inboard config check and inboard keymap', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s), schemaPath: '' } };
  };
  const config = (text: string) => {
    process.env.INBOARD_CONFIG_DIR = dir;
    writeFileSync(join(dir, 'config.json'), text);
  };

  it('config check says each bad entry with its place: the shape’s, then the keys’', () => {
    config(
      JSON.stringify(
        {
          commands: [
            { key: 'O', title: 'x', run: 'echo {{nope}}', output: 'loud' },
            { key: 'Q', run: 'echo' },
          ],
        },
        null,
        2,
      ),
    );
    const bad = io();
    expect(configCommand(['check'], bad.io)).toBe(1);
    expect(bad.err.join('')).toContain(
      'line 6, column 7: "commands"[0]."run": {{nope}} is not a value inboard fills in: {{id}}, {{title}}, {{board}}, {{column}}, {{from}}, {{url}}',
    );
    expect(bad.err.join('')).toContain('line 7, column 7: "commands"[0]."output": output is status, pager, none');
    expect(bad.err.join('')).toContain('line 9, column 5: "commands"[1]."title": missing (a string)');

    config(JSON.stringify({ commands: [{ key: 'r', title: 'x', run: 'echo {{board}}', on: 'board' }] }));
    const clash = io();
    expect(configCommand(['check'], clash.io)).toBe(1);
    expect(clash.err.join('')).toContain('line 1, column 15: "r" of commands[0] (“x”) is already board.refresh');

    config(JSON.stringify({ commands: [{ key: 'O', title: 'x', run: 'echo {{id}}', on: 'board' }] }));
    const boardCard = io();
    expect(configCommand(['check'], boardCard.io)).toBe(1);
    expect(boardCard.err.join('')).toContain(
      '"commands"[0]."run": {{id}} names a card, and a board command has none: it can use {{board}}',
    );
  });

  it('config check names a bad setting, an unknown action in keys and a taken command key at once', () => {
    config(
      JSON.stringify(
        {
          theme: 'neon',
          keys: { 'card.frobnicate': ['X'] },
          commands: [{ key: 'r', title: 'x', run: 'echo {{board}}', on: 'board' }],
        },
        null,
        2,
      ),
    );
    const all = io();
    expect(configCommand(['check'], all.io)).toBe(1);
    const lines = all.err.join('').split('\n');
    expect(lines[0]).toMatch(/: 3 problems$/);
    expect(lines.slice(1, 4)).toEqual([
      expect.stringMatching(/^ {2}line 2, column 3: "theme": a theme is /),
      expect.stringMatching(/^ {2}line 4, column 5: keys\."card\.frobnicate": /),
      expect.stringMatching(/^ {2}line 10, column 7: "r" of commands\[0\] \(“x”\) is already board\.refresh/),
    ]);
  });

  it('keymap --json lists each command with what it runs', () => {
    config(JSON.stringify({ commands: [OPEN] }));
    const out: string[] = [];
    expect(
      keymapCommand(
        ['--json'],
        (s) => out.push(s),
        () => undefined,
      ),
    ).toBe(0);
    const rows = JSON.parse(out.join('')) as { action: string; scope: string; keys: string[]; run?: string }[];
    expect(rows.filter((r) => r.action === 'command.1')).toEqual([
      expect.objectContaining({ scope: 'board', keys: ['O'], run: OPEN.run, on: 'card', help: expect.any(String) }),
      expect.objectContaining({ scope: 'detail', keys: ['O'], run: OPEN.run }),
      expect.objectContaining({ scope: 'triage', keys: ['O'], run: OPEN.run }),
    ]);
  });
});
