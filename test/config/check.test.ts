/** The config file checked: every problem, each with its line, in words naming the setting. */
import { describe, expect, it } from 'vitest';
import { checkConfigText } from '../../src/config/check.js';
import { jsonPlaces, whereIs } from '../../src/config/json-where.js';

const problems = (text: string) => {
  const r = checkConfigText(text);
  return r.ok ? [] : r.problems;
};

describe('checking the config file', () => {
  it('takes a good file, $schema included', () => {
    const r = checkConfigText(
      JSON.stringify({ $schema: './config.schema.json', url: 'https://x', keys: { undo: ['z'] } }),
    );
    expect(r.ok && r.config.keys).toEqual({ undo: ['z'] });
  });

  it('says every problem at once, in the file’s order, each with its line and column', () => {
    const text = [
      '{',
      '  "url": "https://x",',
      '  "apikey": "k",',
      '  "markReadOnOpen": "no",',
      '  "keys": {',
      '    "undo": ["z", 3]',
      '  }',
      '}',
    ].join('\n');
    expect(problems(text)).toEqual([
      expect.stringMatching(
        /^line 3, column 3: the file has a setting inboard doesn’t know: "apikey" \(did you mean "apiKey"\?\) — the settings are url, apiKey, .*keys/,
      ),
      'line 4, column 3: "markReadOnOpen": expected boolean, received string (Opening a card marks it read (default true))',
      'line 6, column 19: "keys"."undo"[1]: expected string, received number',
    ]);
  });

  it('says what is wrong in each of your commands, with its place, every one at once', () => {
    const text = [
      '{',
      '  "commands": [',
      '    {"key": "O", "title": "open", "run": "xdg-open https://x/{{id}}"},',
      '    {"key": "", "title": " ", "run": "echo {{ticket}}", "output": "loud", "timeoutSeconds": 0},',
      '    {"key": "B", "title": "report", "run": "report {{board}} {{title}}", "on": "board"},',
      '    {"key": "C", "run": "x", "on": "column", "confirm": "yes", "shell": "bash"}',
      '  ]',
      '}',
    ].join('\n');
    expect(problems(text)).toEqual([
      'line 4, column 6: "commands"[1]."key": the key is empty',
      'line 4, column 17: "commands"[1]."title": the title is empty',
      'line 4, column 31: "commands"[1]."run": {{ticket}} is not a value inboard fills in: {{id}}, {{title}}, {{board}}, {{column}}, {{from}}, {{url}}',
      'line 4, column 57: "commands"[1]."output": output is status, pager, none',
      'line 4, column 75: "commands"[1]."timeoutSeconds": timeoutSeconds is a number of seconds, above 0 and at most 3600',
      'line 5, column 37: "commands"[2]."run": {{title}} names a card, and a board command has none: it can use {{board}}',
      'line 6, column 5: "commands"[3]."title": missing (a string)',
      'line 6, column 30: "commands"[3]."on": on is "card" (the board, the detail and triage) or "board"',
      'line 6, column 46: "commands"[3]."confirm": expected boolean, received string',
      'line 6, column 64: "commands"[3] has a setting inboard doesn’t know: "shell"',
    ]);
  });

  it('places a JSON syntax error', () => {
    const [p] = problems('{\n  "keys": {\n    "undo": ["z"],\n  }\n}');
    expect(p).toMatch(/^line 4, column 3: not valid JSON/);
  });

  it('finds members and items by path, or their nearest parent', () => {
    const text = '{"a": {"b": [1, {"c": true}]}}';
    const places = jsonPlaces(text);
    expect(whereIs(text, places, ['a', 'b', 1, 'c'])).toEqual({ line: 1, column: 18 });
    expect(whereIs(text, places, ['a', 'x'])).toEqual({ line: 1, column: 2 });
  });

  it('names an unknown variable in the signature, and the one it was probably meant to be', () => {
    const text = ['{', '  "signature": "{{agent.nam}}\\nSupport"', '}'].join('\n');
    expect(problems(text)).toEqual([
      'line 2, column 3: "signature": {{agent.nam}} is not a variable (did you mean {{agent.name}}?): the variables are {{agent.name}}, {{agent.first_name}}, {{agent.email}}, {{board.name}}',
    ]);
    const good = checkConfigText(JSON.stringify({ signature: '{{ agent.first_name }}, {{board.name}}' }));
    expect(good.ok && good.config.signature).toBe('{{ agent.first_name }}, {{board.name}}');
  });
});
