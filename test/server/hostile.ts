/**
 * fast-check arbitraries for hostile input: strings (huge, emoji, CJK, lone
 * surrogates, control characters), wrong types, numeric strings, extreme
 * numbers, malformed JSON text, odd path segments and query strings — mixed
 * with plausible values so requests also get past validation into the
 * handlers. And a cheap fingerprint of the database, to see a 4xx changed nothing.
 */
import fc from 'fast-check';
import type { Database } from '../../src/server/sql/sql.js';
import { SqliteDatabase } from '../../src/server/sql/sqlite.js';

const lone = fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'a\uD83D', '\uDE00b', 'x\uD800y\uDC00');
const controls = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), maxLength: 20 });
const weird = fc.constantFrom(
  '',
  ' ',
  '   ',
  '\u0000',
  '\u200B',
  '\u202Eevil',
  '\uFEFF',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  '漢字かな한글',
  'Ǆ',
  'e\u0301\u0301\u0301',
  "'; DROP TABLE cards; --",
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '{{firstName}}',
  '%s%n%x',
  '..\\..\\etc/passwd',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  'true',
  '[]',
  '{}',
  '\r\n\r\n',
  '\t',
  'Label_1',
  'Label_',
  '__proto__',
);
/** 1 KB to ~100 KB of one character (ASCII, CJK, emoji, NUL, accented, space). */
const huge = fc
  .tuple(fc.integer({ min: 1_000, max: 100_000 }), fc.constantFrom('x', '漢', '😀', '\u0000', 'é', ' ', '\uD800'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 2, arbitrary: lone },
  { weight: 3, arbitrary: weird },
  { weight: 2, arbitrary: controls },
  { weight: 1, arbitrary: huge },
);

const extremeNumber = fc.constantFrom(
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
);
export const hostileNumber = fc.oneof(fc.integer(), fc.double({ noNaN: false }), extremeNumber);

const numericString = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom(
    '42',
    ' 42',
    '42 ',
    '+42',
    '0',
    '-1',
    '1e3',
    '0x10',
    '0b1',
    '00042',
    '1.5',
    '9007199254740993',
    '9999999999999999',
    '99999999999999999999999',
    '١٢',
    '４２',
    'Infinity',
    '1_000',
  ),
);

/** Values that would pass validation somewhere: small ids, a name, an email, a step. */
export const plausible = fc.constantFrom<unknown>(
  1,
  2,
  3,
  4,
  5,
  '1',
  '2',
  '3',
  '5',
  'Label_1',
  'Fine name',
  'Hello ✉️',
  0,
  7,
  'sam.rivera@example.com',
  ['sam.rivera@example.com'],
  ['1', '2'],
  [],
  [{ Subject: 's', Days: 1 }],
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  numericString,
  fc.boolean(),
  fc.constant(null),
  plausible,
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.constant('sam.rivera@example.com'), { minLength: 101, maxLength: 120 }) },
);
const fieldValue = fc.oneof({ weight: 2, arbitrary: plausible }, { weight: 3, arbitrary: hostileValue });

/** Malformed or surprising JSON text, sent as is. */
export const rawJson = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"Name":',
    '[1,2',
    'nul',
    '{"a":1}}',
    '\u0000',
    '{"Name":"\\ud800"}',
    '{"Name": "x"} trailing',
    '1e999',
    '"str"',
    'true',
    'null',
    '[]',
    '0',
    '{"Name":"a","Name":"b"}',
    '{"__proto__":{"polluted":1},"Name":"x"}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    "{'Name':'single'}",
    '{"Name":NaN}',
    '{"Name":undefined}',
    '\uFEFF{"Name":"bom"}',
    '{"Name":"a"\u0000}',
    ' ',
    '\n',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer({ min: 1_000, max: 50_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
);

export type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string } | { kind: 'none' };

/**
 * A body for an endpoint whose fields are `fields`: mostly those fields with
 * random values, often a valid `base` with one field hostile or missing (so
 * the request gets past the other checks into the handler).
 */
export function bodyFor(fields: readonly string[], base: Record<string, unknown> = {}): fc.Arbitrary<Body> {
  const names = Object.keys(base);
  const nearValid =
    names.length === 0
      ? fc.constant<Body>({ kind: 'json', value: base })
      : fc.tuple(fc.constantFrom(...names), fc.option(hostileValue, { freq: 8 })).map(([k, v]): Body => {
          const value: Record<string, unknown> = { ...base };
          if (v === null) delete value[k];
          else value[k] = v;
          return { kind: 'json', value };
        });
  const record = fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue])), { requiredKeys: [] });
  const extra = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'Id ', 'name')),
    leaf,
    { maxKeys: 2 },
  );
  return fc.oneof(
    { weight: 8, arbitrary: record.map((value): Body => ({ kind: 'json', value })) },
    { weight: names.length > 0 ? 8 : 0, arbitrary: nearValid },
    { weight: names.length > 0 ? 2 : 0, arbitrary: fc.constant<Body>({ kind: 'json', value: base }) },
    { weight: 2, arbitrary: fc.tuple(record, extra).map(([r, e]): Body => ({ kind: 'json', value: { ...e, ...r } })) },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 2 }).map((value): Body => ({ kind: 'json', value })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          rawJson,
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/JSON',
          ),
        )
        .map(([text, type]): Body => ({ kind: 'raw', text, type })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  );
}

/** Percent-encodes any JS string, lone surrogates included (as their UTF-8 replacement). */
export function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** A path id: real ones, edge cases sent raw (bad percent-encoding too), or any string encoded. */
export const pathId = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('1', '2', '3', '4', '5', '7', '12', 'Label_1', 'Label_2') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '00',
      '01',
      '1.0',
      '1e3',
      '9007199254740993',
      '9999999999999999',
      '99999999999999999999999',
      '%20%31',
      '%00',
      '%E0%A4%A',
      '%',
      '%zz',
      '%2F',
      '%2e%2e',
      '..',
      '.',
      'null',
      '%F0%9F%99%82',
      'Label_',
      'LABEL_1',
      'Label_0',
      'Label_%31',
      '1%3Bdrop',
      '1;2',
      '1,2',
      'Infinity',
    ),
  },
  { weight: 2, arbitrary: fc.nat().map(String) },
  { weight: 3, arbitrary: hostileString.filter((s) => s.length < 2_000).map(encodeSegment) },
);

/** A query string: none, random pairs, or raw oddities. */
export const queryString = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 3,
    arbitrary: fc
      .dictionary(
        fc.oneof(fc.constantFrom('page', 'limit', 'BoardId', 'TagId', 'x'), fc.string({ maxLength: 6 })),
        fc.oneof(
          numericString,
          hostileString.filter((s) => s.length < 2_000),
        ),
        { maxKeys: 3 },
      )
      .map(
        (d) =>
          '?' +
          Object.entries(d)
            .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
            .join('&'),
      ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '?page=1',
      '?page=1&limit=200',
      '?page=0',
      '?page=%',
      '?page=%E0%A4%A',
      '?page=1&page=2',
      '?BoardId=1&BoardId=2',
      '?__proto__=1',
      '?constructor[prototype]=x',
      '?BoardId=1&TagId=1',
      '?BoardId=',
      '?&&&',
      '?=',
      '?page=999999999&limit=200',
      '?BoardId=1',
      '?BoardId=9999999999999999&TagId=1',
    ),
  },
);

/** Idempotency-Key header values, good and bad (only what HTTP lets through). */
export const idempotencyKey: fc.Arbitrary<string | null> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('k1', 'same-key', 'k2', ' ', 'é', 'x'.repeat(300)) },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: 'binary-ascii', maxLength: 20 })
      .map((s) => s.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '')),
  },
);

/**
 * Something equal before and after a request that changed nothing, read in
 * one cheap query per probe. SQLite: `data_version`, which changes exactly
 * when another connection (the service's) commits. PostgreSQL: a count of
 * rows written, kept by a row trigger on every table (installed here, in
 * the test's database), so a committed insert, update or delete shows and a
 * rolled-back one does not.
 */
export async function fingerprinter(db: Database): Promise<() => Promise<string>> {
  if (db instanceof SqliteDatabase) {
    const raw = db.raw;
    return async () => `data_version ${String(raw.pragma('data_version', { simple: true }))}`;
  }
  const tables = (
    await db.all<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    )
  ).map((t) => t.name);
  await db.run('CREATE TABLE fuzz_writes (n BIGINT NOT NULL)');
  await db.run('INSERT INTO fuzz_writes VALUES (0)');
  await db.run(`CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$`);
  for (const t of tables)
    await db.run(
      `CREATE TRIGGER fuzz_write AFTER INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`,
    );
  return async () => `rows written ${String((await db.get<{ n: string }>('SELECT n FROM fuzz_writes'))?.n)}`;
}
