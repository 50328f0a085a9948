/** `inboard api` fields: typing, lists and @file values, without a server or a disk. */
import { describe, expect, it } from 'vitest';
import { buildFields, parseFields, typedValue, type Readers } from '../../src/commands/api-fields.js';

/** Files from a table; reading stdin twice would be a bug, so it counts. */
function readers(files: Record<string, string | Buffer>, stdin = ''): Readers & { stdinReads: () => number } {
  let reads = 0;
  return {
    file(path) {
      const v = files[path];
      if (v === undefined)
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
      return typeof v === 'string' ? Buffer.from(v) : v;
    },
    stdin() {
      reads += 1;
      return Promise.resolve(Buffer.from(stdin));
    },
    stdinReads: () => reads,
  };
}

describe('field typing (gh api -F style)', () => {
  it('literals and whole numbers become JSON values; the rest stays text', () => {
    expect([typedValue('true'), typedValue('false'), typedValue('null')]).toEqual([true, false, null]);
    expect([typedValue('42'), typedValue('-7'), typedValue('0')]).toEqual([42, -7, 0]);
    expect([typedValue('007'), typedValue('1.5'), typedValue('12345678901234567890'), typedValue('')]).toEqual([
      '007',
      '1.5',
      '12345678901234567890',
      '',
    ]);
  });

  it('k[]=v appends; -f never types; a value may contain =', async () => {
    expect(await buildFields(['a[]=1', 'a[]=x', 'b=c=d'], ['n=5', 'l[]=true'])).toEqual({
      a: [1, 'x'],
      b: 'c=d',
      n: '5',
      l: ['true'],
    });
    await expect(buildFields(['a=1', 'a[]=2'], [])).rejects.toThrow('both as a value and as a list');
  });
});

describe('-F k=@file', () => {
  it('parses -F k=@path as a file, -f k=@text as text', () => {
    expect(parseFields(['a=@x.txt', 'b=@-'], ['c=@x.txt'])).toEqual([
      { flag: '--field', key: 'a', source: { kind: 'file', path: 'x.txt' } },
      { flag: '--field', key: 'b', source: { kind: 'file', path: '-' } },
      { flag: '--raw-field', key: 'c', source: { kind: 'text', text: '@x.txt' } },
    ]);
  });

  it('file contents are strings, never typed, and unchanged (final newline, BOM)', async () => {
    const read = readers({ n: '42', t: 'true', z: 'null\n', m: 'one\ntwo\n', bom: '\uFEFFhi', empty: '' });
    const fields = await buildFields(['n=@n', 't=@t', 'z=@z', 'm=@m', 'bom=@bom', 'empty=@empty'], [], { read });
    expect(fields).toEqual({ n: '42', t: 'true', z: 'null\n', m: 'one\ntwo\n', bom: '\uFEFFhi', empty: '' });
  });

  it('@- reads standard input once; files can be list items', async () => {
    const read = readers({ a: 'from a' }, 'from stdin\n');
    expect(await buildFields(['l[]=@a', 'l[]=@-', 'l[]=3'], [], { read })).toEqual({
      l: ['from a', 'from stdin\n', 3],
    });
    expect(read.stdinReads()).toBe(1);
  });

  it('-f k=@- is the text "@-", so it may sit beside --input -', async () => {
    const read = readers({});
    expect(await buildFields([], ['k=@-'], { input: '-', read })).toEqual({ k: '@-' });
    expect(read.stdinReads()).toBe(0);
  });

  it.each([
    [
      ['a=@-', 'b=@-'],
      undefined,
      'standard input can be read only once; it is wanted by --field a=@- and --field b=@-',
    ],
    [['a=@-'], '-', 'standard input can be read only once; it is wanted by --field a=@- and --input -'],
  ])('stdin twice %j (--input %s) is refused before anything is read', async (typed, input, message) => {
    const read = readers({});
    await expect(buildFields(typed, [], { input, read })).rejects.toThrow(message);
    expect(read.stdinReads()).toBe(0);
  });

  it('a missing file names the field and the path', async () => {
    await expect(buildFields(['ok=@a', 'Body=@notes/missing.txt'], [], { read: readers({ a: 'x' }) })).rejects.toThrow(
      "--field Body: cannot read 'notes/missing.txt': no such file",
    );
  });

  it('a file that is not UTF-8 is refused, not mangled', async () => {
    const read = readers({ img: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]) });
    await expect(buildFields(['Body=@img'], [], { read })).rejects.toThrow("--field Body: 'img' is not UTF-8 text");
  });

  it('-F k=@ (no file name) is a usage error that points to -f', async () => {
    await expect(buildFields(['Name=@'], [])).rejects.toThrow(
      '--field Name=@ names no file; to send a literal @, use -f Name=@',
    );
  });
});
