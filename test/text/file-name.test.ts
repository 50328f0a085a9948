/**
 * safeFileName: a sender's file name made safe once, for the service's
 * Content-Disposition, saving, and the board's temp copy; freeName and
 * writeNewFile: a new file, never over one. The property tests take the
 * run's seed (test/setup.ts prints it; `FC_SEED=<n>` replays one).
 */
import fc from 'fast-check';
import { lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FILE_NAME_BYTES,
  UNNAMED_FILE,
  freeName,
  numberedName,
  safeFileName,
  writeNewFile,
} from '../../src/text/file-name.js';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('safeFileName', () => {
  it.each([
    ['../../.bashrc', 'bashrc'],
    ['a/b', 'ab'],
    ['C:\\Windows\\evil.dll', 'C_Windowsevil.dll'],
    ['bell\u0007\u001b[31mred.txt', 'bell[31mred.txt'],
    ['nul\u0000byte.pdf', 'nulbyte.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['\u2066isolate\u2069.txt', 'isolate.txt'],
    ['....', UNNAMED_FILE],
    ['.', UNNAMED_FILE],
    ['..', UNNAMED_FILE],
    ['', UNNAMED_FILE],
    ['  report .pdf. ', 'report .pdf'],
    ['tab\tand\nnewline.txt', 'tabandnewline.txt'],
    ['what?*.txt', 'what__.txt'],
    ['CON.txt', '_CON.txt'],
    ['facture été.pdf', 'facture été.pdf'],
    ['e\u0301t\u00e9.pdf', 'été.pdf'],
  ])('%j → %j', (input, want) => {
    expect(safeFileName(input)).toBe(want);
  });

  it('caps 300 characters at 200 bytes, keeping the extension', () => {
    const got = safeFileName(`${'x'.repeat(300)}.pdf`);
    expect(got).toBe(`${'x'.repeat(FILE_NAME_BYTES - 4)}.pdf`);
    const wide = safeFileName(`${'注'.repeat(300)}.pdf`);
    expect(bytes(wide)).toBeLessThanOrEqual(FILE_NAME_BYTES);
    expect(wide.endsWith('注.pdf')).toBe(true);
  });

  it('never cuts a character in half', () => {
    const got = safeFileName('😀'.repeat(100));
    expect(bytes(got)).toBeLessThanOrEqual(FILE_NAME_BYTES);
    expect(got).toBe('😀'.repeat(50));
  });

  it('holds for any name: no separator, control or bidi control, no dot at either end, within the cap, idempotent', () => {
    const hostile = fc.constantFrom(
      '/',
      '\\',
      '.',
      ' ',
      '\u0000',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u202e',
      '\u2067',
      '\ud800',
      'é',
      '注',
      '😀',
      'a',
      '.pdf',
    );
    const name = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.array(hostile, { maxLength: 300 }).map((a) => a.join('')),
      fc.string({ unit: 'binary', maxLength: 300 }),
    );
    fc.assert(
      fc.property(name, (input) => {
        const got = safeFileName(input);
        expect(got).not.toMatch(/[/\\\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
        expect(got).not.toMatch(/^[.\s]|[.\s]$/);
        expect(Buffer.from(got, 'utf8').toString('utf8')).toBe(got);
        expect(['', '.', '..']).not.toContain(got);
        expect(bytes(got)).toBeLessThanOrEqual(FILE_NAME_BYTES);
        expect(safeFileName(got)).toBe(got);
      }),
    );
  });
});

describe('freeName and writeNewFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-names-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('numbers a taken name before its extension, and stays within the cap', async () => {
    writeFileSync(join(dir, 'invoice.pdf'), 'first');
    expect(await freeName(dir, 'invoice.pdf')).toBe('invoice (1).pdf');
    writeFileSync(join(dir, 'invoice (1).pdf'), 'second');
    expect(await freeName(dir, '../invoice.pdf')).toBe('invoice (2).pdf');
    expect(bytes(numberedName(`${'y'.repeat(300)}.pdf`, 12))).toBeLessThanOrEqual(FILE_NAME_BYTES);
    expect(numberedName(`${'y'.repeat(300)}.pdf`, 12).endsWith(' (12).pdf')).toBe(true);
  });

  it('writes new files only, never over one or through a link, always inside the folder', async () => {
    const inside = mkdtempSync(join(dir, 'inside-'));
    writeFileSync(join(dir, 'target'), 'keep me');
    symlinkSync(join(dir, 'target'), join(inside, 'notes.txt'));
    const a = await writeNewFile(inside, 'notes.txt', Buffer.from('one'));
    const b = await writeNewFile(inside, 'notes.txt', Buffer.from('two'));
    const c = await writeNewFile(inside, '../../notes.txt', Buffer.from('three'));
    expect([a, b, c]).toEqual([
      join(inside, 'notes (1).txt'),
      join(inside, 'notes (2).txt'),
      join(inside, 'notes (3).txt'),
    ]);
    expect(readFileSync(join(dir, 'target'), 'utf8')).toBe('keep me');
    expect(lstatSync(join(inside, 'notes.txt')).isSymbolicLink()).toBe(true);
    expect(readdirSync(inside).sort()).toEqual(['notes (1).txt', 'notes (2).txt', 'notes (3).txt', 'notes.txt']);
    expect(readFileSync(c, 'utf8')).toBe('three');
  });
});
