/**
 * The composer's pieces on their own: addresses read as typed, paths
 * expanded, the files' limits said in words, and a letter through a draft's
 * fields and back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAddresses, sameAddresses } from '../../../src/ui/compose/addresses.js';
import { attachFile, expandPath, filesProblem, type Attached } from '../../../src/ui/compose/files.js';
import { letterFields, letterOf } from '../../../src/ui/compose/letter.js';
// The keymap in force, as the app has it: the words name its keys.
import '../../../src/ui/keymap.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-letter-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('addresses', () => {
  it('reads a comma-separated line, names as written kept out, and names a bad one in words', () => {
    expect(readAddresses('Ana Lima <ana@customer.example>, bo@customer.example;', 'Cc')).toEqual({
      ok: true,
      list: ['ana@customer.example', 'bo@customer.example'],
    });
    expect(readAddresses('  ', 'Cc')).toEqual({ ok: true, list: [] });
    expect(readAddresses('ana@customer.example, bo@', 'To')).toEqual({
      ok: false,
      error: 'To: "bo@" is not an email address (write name@example.com, separated by commas)',
    });
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@example.com`).join(', ');
    expect(readAddresses(many, 'Bcc')).toEqual({ ok: false, error: 'Bcc: 21 addresses; at most 20' });
    expect(sameAddresses(['Ana <ANA@x.example>'], ['ana@x.example'])).toBe(true);
  });
});

describe('files', () => {
  it('expands ~ from home and the rest from the folder given', () => {
    expect(expandPath('~/a.pdf', '/work', '/home/me')).toBe('/home/me/a.pdf');
    expect(expandPath('~', '/work', '/home/me')).toBe('/home/me');
    expect(expandPath('docs/a.pdf', '/work', '/home/me')).toBe('/work/docs/a.pdf');
    expect(expandPath('/abs/a.pdf', '/work', '/home/me')).toBe('/abs/a.pdf');
  });

  it('says what is wrong with a path in words', () => {
    writeFileSync(join(dir, 'a.txt'), 'abc');
    expect(attachFile('a.txt', dir)).toEqual({ ok: true, file: { path: join(dir, 'a.txt'), name: 'a.txt', size: 3 } });
    expect(attachFile('', dir)).toEqual({ ok: false, error: 'Type the path of a file to attach' });
    expect(attachFile('nope.txt', dir)).toEqual({ ok: false, error: `No file at ${join(dir, 'nope.txt')}` });
    expect(attachFile('.', dir)).toEqual({ ok: false, error: `${dir} is a folder, not a file` });
  });

  it('refuses more than 20 files or 25 MiB in all, in words', () => {
    const file = (size: number): Attached => ({ path: '/x', name: 'x', size });
    expect(filesProblem(Array.from({ length: 20 }, () => file(1)))).toBeNull();
    expect(filesProblem(Array.from({ length: 21 }, () => file(1)))).toMatch(
      /^21 files attached; at most 20 go with one message \(Alt\+R removes the last\)$/,
    );
    expect(filesProblem([file(25 * 1024 * 1024)])).toBeNull();
    expect(filesProblem([file(20 * 1024 * 1024), file(6 * 1024 * 1024)])).toBe(
      'The files come to 26 MB; at most 25 MB go with one message — nothing was sent',
    );
  });
});

describe('a letter as a draft', () => {
  it('comes back whole from its fields; a file gone since is named, the rest kept', () => {
    const kept = join(dir, 'kept.pdf');
    writeFileSync(kept, 'pdf');
    const fields = letterFields({
      text: 'Hello',
      to: ['a@example.com'],
      cc: [],
      bcc: ['b@example.com'],
      subject: 'Hi',
      files: [
        { path: kept, name: 'kept.pdf', size: 3 },
        { path: join(dir, 'gone.pdf'), name: 'gone.pdf', size: 9 },
      ],
      toSet: true,
      ccSet: true,
    });
    expect(fields).toEqual({
      text: 'Hello',
      to: 'a@example.com',
      cc: '',
      bcc: 'b@example.com',
      subject: 'Hi',
      files: `${kept}\n${join(dir, 'gone.pdf')}`,
    });
    const { letter, gone } = letterOf(fields);
    expect(letter).toMatchObject({ text: 'Hello', to: ['a@example.com'], cc: [], bcc: ['b@example.com'], toSet: true });
    expect(letter.ccSet).toBe(true);
    expect(letter.files.map((f) => f.name)).toEqual(['kept.pdf']);
    expect(gone).toEqual([`No file at ${join(dir, 'gone.pdf')}`]);
    // A draft of the text alone (older drafts): the service's defaults apply.
    expect(letterOf({ text: 'Only text' }).letter).toMatchObject({ text: 'Only text', toSet: false, ccSet: false });
  });
});
