/**
 * The e2e terminal's tmux control client: what a test types arrives as
 * typed, whatever its quotes and signs; a screen read is the one `tmux`
 * itself prints; tmux's refusals reach the test in tmux's words.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteForTmux, TmuxControl } from './tmux-control.js';
import { hasTmux, Terminal, until } from './tmux.js';

describe('quoteForTmux', () => {
  it('leaves plain words and key names as they are, and a lone ; as the separator', () => {
    for (const word of ['send-keys', '-t', 't1234abcd', 'C-c', 'S-Right', 'Enter', '120', ';']) {
      expect(quoteForTmux(word)).toBe(word);
    }
  });
  it('single-quotes everything else, a quote inside closed, escaped and reopened', () => {
    expect(quoteForTmux('')).toBe("''");
    expect(quoteForTmux('a b')).toBe("'a b'");
    expect(quoteForTmux("it's")).toBe("'it'\\''s'");
    expect(quoteForTmux('#{pane_pid}')).toBe("'#{pane_pid}'");
  });
});

describe.skipIf(!hasTmux())('the control client', () => {
  let dir: string;
  let term: Terminal;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-tmux-control-test-'));
    term = Terminal.start({ cols: 100, rows: 12, cwd: dir });
  });
  afterAll(() => {
    term.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('types text with quotes, shell and tmux signs, and wide letters exactly', async () => {
    const text = `it's "q" $HOME ~ #x; {a} \\n \\ %1 é 日本 'end' ;`;
    term.run(`IFS= read -r line && printf '%s' "$line" > typed.txt`);
    term.type(text);
    term.keys('Enter');
    await until(() => existsSync(join(dir, 'typed.txt')), 'the shell wrote what was typed');
    expect(readFileSync(join(dir, 'typed.txt'), 'utf8')).toBe(text);
  });

  it('reads the screen as tmux itself prints it, with and without attributes', async () => {
    term.run(`printf '\\033[1mbold\\033[0m plain 日本\\n'`);
    await term.waitFor('bold plain 日本');
    const byTmux = (...flags: string[]) =>
      execFileSync('tmux', ['-L', term.socket, 'capture-pane', '-p', ...flags, '-t', term.name], {
        encoding: 'utf8',
      });
    expect(term.screen()).toBe(byTmux());
    expect(term.screenAnsi()).toBe(byTmux('-e'));
    expect(term.screenAnsi()).toContain('\u001b[1mbold');
  });

  it("leaves the window its size, and passes tmux's refusals on in its words", () => {
    const control = TmuxControl.attach(term.socket, term.name);
    try {
      expect(control.command(['display-message', '-p', '-t', term.name, '#{window_width}x#{window_height}'])).toBe(
        '100x12\n',
      );
      expect(() => control.command(['send-keys', '-t', 'no-such-pane', 'Enter'])).toThrow(
        "tmux send-keys -t no-such-pane Enter: can't find pane: no-such-pane",
      );
    } finally {
      control.close();
    }
  });
});
