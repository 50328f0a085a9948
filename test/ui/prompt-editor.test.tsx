/**
 * Ctrl+G in the text prompt: the editor's saved text replaces the prompt's
 * (cursor at its end, so typing goes on after it); a failed editor leaves
 * the text as it was and the prompt says why until the text changes.
 */
import { useInput } from 'ink';
import { render } from 'ink-testing-library';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { useLayoutEffect, useMemo } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { KeyRouter, KeyRouterContext } from '../../src/ui/hooks/use-key-router.js';
import { TextPrompt } from '../../src/ui/prompts/TextPrompt.js';
import { KEYS, tick } from './helpers.js';

function Routed({ children }: { children: ReactNode }) {
  const router = useMemo(() => new KeyRouter(), []);
  useLayoutEffect(() => router.setScreen(() => undefined), [router]);
  useInput((input, key) => router.feed(input, key));
  return <KeyRouterContext.Provider value={router}>{children}</KeyRouterContext.Provider>;
}

let dir = '';
let appendLine = '';
let fail = '';
let seen = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-prompt-editor-'));
  seen = join(dir, 'seen.txt');
  appendLine = join(dir, 'append.mjs');
  writeFileSync(
    appendLine,
    `import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
const file = process.argv.at(-1);
writeFileSync(${JSON.stringify(seen)}, readFileSync(file, 'utf8'));
appendFileSync(file, '\\nfrom the editor\\n');
`,
  );
  fail = join(dir, 'fail.mjs');
  writeFileSync(fail, 'process.exit(1);\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

async function prompt(multiline: boolean) {
  const onSubmit = vi.fn();
  const app = render(
    <Routed>
      <TextPrompt title="Comment" multiline={multiline} width={100} onSubmit={onSubmit} onCancel={() => undefined} />
    </Routed>,
  );
  await tick(10);
  const press = async (...keys: string[]) => {
    for (const k of keys) {
      app.stdin.write(KEYS[k] ?? k);
      await tick(5);
    }
  };
  const frame = () => app.lastFrame() ?? '';
  /** Until the frame passes `ok`: a frame after the editor comes a render later, later still on a busy machine. */
  const until = async (ok: (f: string) => boolean) => {
    for (let waited = 0; !ok(frame()) && waited < 5_000; waited += 10) await tick(10);
  };
  const shows = async (text: string) => {
    await until((f) => f.includes(text));
    expect(frame()).toContain(text);
  };
  return { app, onSubmit, press, frame, until, shows };
}

describe('Ctrl+G in a text prompt', () => {
  it('puts the saved text back, the cursor at its end; Enter sends it', async () => {
    vi.stubEnv('VISUAL', '');
    vi.stubEnv('EDITOR', `node ${appendLine}`);
    const p = await prompt(true);
    await p.press('Checking with billing', '\x07');
    expect(readFileSync(seen, 'utf8')).toBe('Checking with billing');
    await p.shows('from the editor');
    await p.press('!', 'enter');
    expect(p.onSubmit).toHaveBeenCalledWith('Checking with billing\nfrom the editor!');
    p.app.unmount();
  });

  it('Ctrl+G read in one chunk with the text before it edits that text', async () => {
    vi.stubEnv('VISUAL', `node ${appendLine}`);
    const p = await prompt(false);
    await p.press('typed fast\x07');
    expect(readFileSync(seen, 'utf8')).toBe('typed fast');
    await p.press('enter');
    // A one-line prompt: the editor's line break is a space there.
    expect(p.onSubmit).toHaveBeenCalledWith('typed fast from the editor');
    p.app.unmount();
  });

  it('an editor that exits non-zero leaves the text as it was, and the prompt says why until the text changes', async () => {
    vi.stubEnv('VISUAL', '');
    vi.stubEnv('EDITOR', `node ${fail}`);
    const p = await prompt(true);
    await p.press('keep this', '\x07');
    await p.shows('exited with 1: text unchanged');
    expect(p.frame()).toMatch(/✗ \$EDITOR \(node \S+\) exited with 1: text unchanged/);
    expect(p.frame()).toContain('keep this');
    await p.press('!');
    await p.until((f) => !f.includes('exited with 1'));
    expect(p.frame()).not.toContain('exited with 1');
    await p.press('enter');
    expect(p.onSubmit).toHaveBeenCalledWith('keep this!');
    p.app.unmount();
  });

  it('an editor that cannot start says so', async () => {
    vi.stubEnv('VISUAL', '/nonexistent/inboard-editor');
    const p = await prompt(false);
    await p.press('x', '\x07');
    await p.shows('$VISUAL (/nonexistent/inboard-editor) could not start (not found)');
    p.app.unmount();
  });
});
