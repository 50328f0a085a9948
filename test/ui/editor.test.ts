/**
 * Ctrl+G's editor run (src/ui/editor.ts) with small node scripts for
 * editors: one that rewrites the file, one that exits 1, and one that does
 * not exist. The text comes back without the editor's final line break, the
 * file is private and gone afterwards, and the terminal is handed over and
 * taken back around the run whatever happens.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editInEditor, editorCommand, splitWords, type HandOver } from '../../src/ui/editor.js';

let dir = '';
let rewrite = '';
let fail = '';
let seen = '';

beforeAll(() => {
  // A space in the path: the variable is split like a shell word list, quotes and all.
  dir = join(mkdtempSync(join(tmpdir(), 'inboard-editor-')), 'with space');
  mkdirSync(dir);
  seen = join(dir, 'seen.json');
  rewrite = join(dir, 'rewrite.mjs');
  writeFileSync(
    rewrite,
    `import { readFileSync, statSync, writeFileSync } from 'node:fs';
const file = process.argv.at(-1);
const before = readFileSync(file, 'utf8');
writeFileSync(${JSON.stringify(seen)}, JSON.stringify({ file, before, mode: statSync(file).mode & 0o777, args: process.argv.slice(2) }));
writeFileSync(file, before.toUpperCase() + '\\nsecond line\\n');
`,
  );
  fail = join(dir, 'fail.mjs');
  writeFileSync(fail, 'process.exit(1);\n');
});

afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

/** A hand-over that records its calls. */
function recorder(): HandOver & { calls: string[] } {
  const calls: string[] = [];
  return { calls, suspend: () => calls.push('suspend'), resume: () => calls.push('resume') };
}

describe('the editor command', () => {
  it('is $VISUAL, else $EDITOR, else vi; a blank variable counts as unset', () => {
    expect(editorCommand({ VISUAL: 'code --wait', EDITOR: 'nano' })).toEqual({
      label: '$VISUAL (code --wait)',
      argv: ['code', '--wait'],
    });
    expect(editorCommand({ VISUAL: '  ', EDITOR: 'nano' })).toEqual({ label: '$EDITOR (nano)', argv: ['nano'] });
    expect(editorCommand({})).toEqual({ label: 'vi', argv: ['vi'] });
  });

  it('splits words as a shell does, without expanding anything', () => {
    expect(splitWords(`node '/tmp/a b/x.mjs' "--flag=\\"q\\"" a\\ b $HOME`)).toEqual([
      'node',
      '/tmp/a b/x.mjs',
      '--flag="q"',
      'a b',
      '$HOME',
    ]);
    expect(splitWords("emacs -nw ''")).toEqual(['emacs', '-nw', '']);
    expect(splitWords("vim 'open")).toBeNull();
  });

  it('names an unprintable variable safely', () => {
    expect(editorCommand({ EDITOR: 'vi\x1b[2J' }).label).toBe('$EDITOR (vi^[[2J)');
  });
});

describe('editInEditor', () => {
  it('gives the text to the editor in a private file and returns what it saved, without the final line break', () => {
    const hand = recorder();
    const env = { EDITOR: `node '${rewrite}'` };
    const r = editInEditor('first line', hand, env);
    expect(r).toEqual({ ok: true, text: 'FIRST LINE\nsecond line' });
    const s = JSON.parse(readFileSync(seen, 'utf8')) as { file: string; before: string; mode: number };
    expect(s.before).toBe('first line');
    expect(s.mode).toBe(0o600);
    expect(s.file.startsWith(tmpdir())).toBe(true);
    expect(existsSync(s.file)).toBe(false);
    expect(hand.calls).toEqual(['suspend', 'resume']);
  });

  it('keeps the text and says why when the editor exits non-zero', () => {
    const hand = recorder();
    const r = editInEditor('keep me', hand, { VISUAL: `node "${fail}"`, EDITOR: 'nano' });
    // A long command is cut in the message, so the message fits a prompt's line.
    expect(r).toEqual({
      ok: false,
      why: expect.stringMatching(/^\$VISUAL \(node "\/.{24}…\) exited with 1: text unchanged$/),
    });
    expect(hand.calls).toEqual(['suspend', 'resume']);
  });

  it('keeps the text and says why when the editor cannot start', () => {
    const hand = recorder();
    const r = editInEditor('keep me', hand, { EDITOR: '/nonexistent/inboard-ed --wait' });
    expect(r).toEqual({
      ok: false,
      why: '$EDITOR (/nonexistent/inboard-ed --wait) could not start (not found): text unchanged',
    });
    expect(hand.calls).toEqual(['suspend', 'resume']);
  });

  it('does not start an editor it cannot read as a command', () => {
    const hand = recorder();
    const r = editInEditor('keep me', hand, { EDITOR: "vim 'open" });
    expect(r.ok).toBe(false);
    expect(hand.calls).toEqual([]);
  });
});
