/** `inboard api` fields: typing and lists, without a server. */
import { describe, expect, it } from 'vitest';
import { buildFields, typedValue } from '../../src/commands/api-fields.js';

describe('field typing (gh api -F style)', () => {
  it('literals and whole numbers become JSON values; the rest stays text', () => {
    expect([typedValue('true'), typedValue('false'), typedValue('null')]).toEqual([true, false, null]);
    expect([typedValue('42'), typedValue('-7'), typedValue('0')]).toEqual([42, -7, 0]);
    expect([typedValue('007'), typedValue('1.5'), typedValue('12345678901234567890'), typedValue('')]).toEqual(['007', '1.5', '12345678901234567890', '']);
  });

  it('k[]=v appends; -f never types; a value may contain =', () => {
    expect(buildFields(['a[]=1', 'a[]=x', 'b=c=d'], ['n=5', 'l[]=true'])).toEqual({ a: [1, 'x'], b: 'c=d', n: '5', l: ['true'] });
    expect(() => buildFields(['a=1', 'a[]=2'], [])).toThrow('both as a value and as a list');
  });
});
