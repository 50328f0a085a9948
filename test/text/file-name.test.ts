import { describe, expect, it } from 'vitest';
import { FILE_NAME_BYTES, safeFileName } from '../../src/text/file-name.js';

describe('safeFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(safeFileName('invoice 1042.pdf')).toBe('invoice 1042.pdf');
    expect(safeFileName('Grüße.txt')).toBe('Grüße.txt');
  });

  it('never reaches outside its folder', () => {
    expect(safeFileName('../../.bashrc')).toBe('_.._.bashrc');
    expect(safeFileName('a/b')).toBe('a_b');
    expect(safeFileName('C:\\Windows\\x.exe')).toBe('C:_Windows_x.exe');
    for (const name of ['.', '..', '...', ' . ', '', '   ']) expect(safeFileName(name)).toBe('attachment');
    expect(safeFileName('..', 'file')).toBe('file');
  });

  it('drops control characters and direction overrides', () => {
    expect(safeFileName('a\u0000b\u001b[31m\u007f.txt')).toBe('ab[31m.txt');
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('\u2066x\u2069.pdf')).toBe('x.pdf');
  });

  it('caps a long name at 200 bytes, keeping its extension', () => {
    const long = safeFileName(`${'a'.repeat(300)}.pdf`);
    expect(Buffer.byteLength(long)).toBe(FILE_NAME_BYTES);
    expect(long.endsWith('a.pdf')).toBe(true);
    // Whole characters only: no split UTF-8.
    const wide = safeFileName(`${'é'.repeat(150)}.txt`);
    expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(FILE_NAME_BYTES);
    expect(wide).toMatch(/^é+\.txt$/);
  });
});
