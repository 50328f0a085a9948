/**
 * Ctrl+G in a text prompt: the text goes to the user's editor ($VISUAL, else
 * $EDITOR, else vi) in a private temp file, and what they saved comes back.
 * The caller's `HandOver` gives the terminal away and takes it back (see
 * hooks/use-editor.ts); this module only runs the editor and reads the file.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sanitize } from '../text/sanitize.js';
import { truncate } from '../text/width.js';

/** Gives the terminal to the editor, and takes it back once the editor is done. */
export interface HandOver {
  suspend(): void;
  resume(): void;
}

export type Edited = { ok: true; text: string } | { ok: false; why: string };

export interface EditorCommand {
  /** How messages name it: `$EDITOR (nano)`, or `vi` when no variable is set. */
  label: string;
  /** The program and its words; null when the variable cannot be split (an open quote). */
  argv: string[] | null;
}

/**
 * Splits a command line as a shell splits words — blanks separate, '…' and
 * "…" quote, a backslash escapes — without expanding anything. Null when a
 * quote is left open.
 */
export function splitWords(line: string): string[] | null {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] as string)) word += line[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote !== null) return null;
  if (inWord) words.push(word);
  return words;
}

/** The editor to run: $VISUAL, else $EDITOR, else vi — a variable set to blanks counts as unset. */
export function editorCommand(env: NodeJS.ProcessEnv = process.env): EditorCommand {
  for (const name of ['VISUAL', 'EDITOR'] as const) {
    const value = env[name];
    if (value === undefined || value.trim() === '') continue;
    const argv = splitWords(value);
    // The user's own setting, but shown on the terminal: made safe like any outside text, and
    // cut so the message it starts still fits a prompt's line.
    const shown = truncate(sanitize(value.trim()), 32);
    return { label: `$${name} (${shown})`, argv: argv !== null && argv.length > 0 ? argv : null };
  }
  return { label: 'vi', argv: ['vi'] };
}

const NOT_STARTED: Record<string, string> = { ENOENT: 'not found', EACCES: 'not allowed to run' };

/** A saved file ends in a line break most editors add: it is not part of the text. */
const withoutFinalBreak = (s: string): string => s.replace(/\r?\n$/, '');

/**
 * Runs the editor on `text` and returns what was saved, or why the text is
 * unchanged. The file is the user's alone (0600, a name nobody can guess,
 * never an existing file) and is removed whatever happens.
 */
export function editInEditor(text: string, handOver: HandOver, env: NodeJS.ProcessEnv = process.env): Edited {
  const { label, argv } = editorCommand(env);
  const unchanged = (why: string): Edited => ({ ok: false, why: `${label} ${why}: text unchanged` });
  if (argv === null) return unchanged('could not be read as a command (an open quote?)');
  const [program, ...args] = argv as [string, ...string[]];
  const file = join(tmpdir(), `inboard-${randomBytes(8).toString('hex')}.txt`);
  try {
    writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    return unchanged(`could not be given the text (${e instanceof Error ? e.message : String(e)})`);
  }
  try {
    handOver.suspend();
    let run: ReturnType<typeof spawnSync>;
    try {
      // Synchronous on purpose: while the event loop runs, Node keeps reading
      // the terminal for the app and would take keys typed into the editor.
      run = spawnSync(program, [...args, file], { stdio: 'inherit' });
    } finally {
      handOver.resume();
    }
    if (run.error !== undefined) {
      const code = (run.error as NodeJS.ErrnoException).code ?? '';
      return unchanged(`could not start (${NOT_STARTED[code] ?? sanitize(run.error.message)})`);
    }
    if (run.signal !== null) return unchanged(`was ended by ${run.signal}`);
    if (run.status !== 0) return unchanged(`exited with ${String(run.status)}`);
    try {
      return { ok: true, text: withoutFinalBreak(readFileSync(file, 'utf8')) };
    } catch {
      return unchanged('left no file to read back');
    }
  } finally {
    rmSync(file, { force: true });
  }
}
