/**
 * Your commands' templating: `{{name}}` becomes a quoted reference to a
 * variable, never the value, and the values reach `sh` only through the
 * environment — so a hostile title is the title, wherever it stands in the
 * command, and runs nothing. Checked with a real `sh`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandEnv, missingValues, shellScript, variableOf } from '../../../src/ui/user-commands/template.js';
import { runShell } from '../../../src/ui/user-commands/shell.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const marker = join(dir, 'pwned');

/** Titles that would run `touch marker` (or split, glob, expand) if they were spliced into the script. */
const HOSTILE = [
  `$(touch ${marker})`,
  `\`touch ${marker}\``,
  `'; touch ${marker}; '`,
  `"; touch ${marker}; "`,
  `x\ntouch ${marker}`,
  `a && touch ${marker} || b`,
  `$(touch ${marker})'"\`touch ${marker}\`"'`,
  '* ~ $HOME ${IFS} %s \\n -n',
  '}}"${INBOARD_CARD_ID}"{{id}}',
  '',
];

async function says(run: string, title: string): Promise<string> {
  const o = await runShell({
    script: shellScript(run),
    env: commandEnv({ id: '42', title }),
    stdin: '',
    timeoutMs: 10_000,
    cwd: dir,
  });
  if (o.kind !== 'exited' || o.code !== 0) throw new Error(`the command failed: ${JSON.stringify(o)}`);
  return o.stdout;
}

describe('the script made from a command', () => {
  it('puts a quoted variable where each {{name}} stands, quoted for where it stands', () => {
    expect(shellScript('xdg-open https://x/{{id}}')).toBe('xdg-open https://x/"${INBOARD_CARD_ID}"');
    expect(shellScript('echo "card {{ id }}: {{title}}"')).toBe(
      'echo "card ${INBOARD_CARD_ID}: ${INBOARD_CARD_TITLE}"',
    );
    expect(shellScript("echo '{{title}}'")).toBe(`echo ''"\${INBOARD_CARD_TITLE}"''`);
    expect(shellScript(`echo "it's" {{from}} 'say "{{url}}"'`)).toBe(
      `echo "it's" "\${INBOARD_CARD_FROM}" 'say "'"\${INBOARD_CARD_URL}"'"'`,
    );
  });

  it('follows escapes and comments as the shell does, and leaves other braces alone', () => {
    expect(shellScript("echo \\' {{id}}")).toBe(`echo \\' "\${INBOARD_CARD_ID}"`);
    expect(shellScript('echo \\{{id}}')).toBe('echo "${INBOARD_CARD_ID}"');
    expect(shellScript("echo {{id}} # it's {{title}}\necho {{board}}")).toBe(
      `echo "\${INBOARD_CARD_ID}" # it's {{title}}\necho "\${INBOARD_CARD_BOARD}"`,
    );
    expect(shellScript("docker inspect -f '{{.State.Status}}' {{id}}")).toBe(
      `docker inspect -f '{{.State.Status}}' "\${INBOARD_CARD_ID}"`,
    );
  });

  it('is made from the command alone: no value is ever in it', () => {
    for (const title of HOSTILE) {
      const script = shellScript('echo {{title}}');
      expect(script).toBe('echo "${INBOARD_CARD_TITLE}"');
      if (title !== '') expect(script).not.toContain(title);
    }
  });

  it('gives each value its variable, every one set, and drops what an environment can’t hold (NUL)', () => {
    const env = commandEnv({ id: '0x1F', title: 'a\0b' });
    expect(env[variableOf('id')]).toBe('0x1F');
    expect(env.INBOARD_CARD_TITLE).toBe('ab');
    expect(env.INBOARD_CARD_URL).toBe('');
    expect(Object.keys(env).sort()).toEqual(
      ['BOARD', 'COLUMN', 'FROM', 'ID', 'TITLE', 'URL'].map((n) => `INBOARD_CARD_${n}`),
    );
  });

  it('names the values a command needs that a card doesn’t have', () => {
    expect(missingValues('open {{url}} {{id}} {{url}}', { id: '1' })).toEqual(['url']);
    expect(missingValues('echo {{title}}', { title: '' })).toEqual([]);
  });
});

describe('hostile titles through a real sh', () => {
  it('arrive as the title, one word, wherever the command puts them, and run nothing', async () => {
    for (const title of HOSTILE) {
      expect(await says("printf '[%s]' {{title}}", title)).toBe(`[${title}]`);
      expect(await says(`printf '[%s]' "t: {{title}}"`, title)).toBe(`[t: ${title}]`);
      expect(await says(`printf '[%s]' 't: {{title}}'`, title)).toBe(`[t: ${title}]`);
      expect(await says(`printf '[%s]' {{id}}-{{title}}`, title)).toBe(`[42-${title}]`);
    }
    expect(existsSync(marker)).toBe(false);
  });
});
