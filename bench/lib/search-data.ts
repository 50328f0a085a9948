/**
 * The search bench's data: boards, cards, messages and comments written
 * straight into either engine (through the index's triggers, as any write
 * is), from a seeded generator, so both engines hold the same texts. Words
 * follow a Zipf law over a made-up vocabulary, with a few known words at
 * known rates for the queries (bench/search.ts).
 */
import type { Database, Value } from '../../src/server/sql/sql.js';

export interface Shape {
  boards: number;
  cards: number;
  messages: number;
  comments: number;
}

/** The data's size from BENCH_BOARDS, BENCH_CARDS, BENCH_MESSAGES and BENCH_COMMENTS, else `defaults`. */
export function shapeFromEnv(defaults: Shape): Shape {
  const env = (name: string, d: number) => Number(process.env[name] ?? d);
  return {
    boards: env('BENCH_BOARDS', defaults.boards),
    cards: env('BENCH_CARDS', defaults.cards),
    messages: env('BENCH_MESSAGES', defaults.messages),
    comments: env('BENCH_COMMENTS', defaults.comments),
  };
}

/** The full size: 100,000 messages on 20,000 cards. */
export const FULL_SIZE: Shape = { boards: 20, cards: 20_000, messages: 100_000, comments: 10_000 };

/** Known words and the share of messages that carry each. */
export const PLANTED: Record<string, number> = {
  refund: 0.05,
  kettle: 0.002,
  invoice: 0.2,
  courier: 0.01,
  warranty: 0.0005,
};

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ten',
  'ra',
  'vo',
  'shi',
  'pel',
  'dor',
  'an',
  'ex',
  'ul',
  'ber',
  'gi',
  'nu',
  'zar',
];

export function vocabulary(n: number, r: () => number): string[] {
  const words = new Set<string>();
  while (words.size < n) {
    const k = 2 + Math.floor(r() * 3);
    let w = '';
    for (let i = 0; i < k; i++) w += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
    if (!(w in PLANTED)) words.add(w);
  }
  return [...words];
}

/** A Zipf draw over `n` ranks (s = 1), by inverting the cumulative weights. */
function zipf(n: number): (r: () => number) => number {
  const cum: number[] = [];
  let total = 0;
  for (let i = 1; i <= n; i++) cum.push((total += 1 / i));
  return (r) => {
    const x = r() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cum[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export const NAMES = Array.from({ length: 2000 }, (_, i) => `person${i}`);

/** The benches' query kinds: [label, query, the LIKE baseline's words]. */
export const QUERIES: [string, string, string[]][] = [
  ['rare word (0.05% of messages)', 'warranty', ['warranty']],
  ['word in 1%', 'courier', ['courier']],
  ['word in 20%', 'invoice', ['invoice']],
  ['two words', 'refund invoice', ['refund', 'invoice']],
  ['phrase', '"refund invoice"', ['refund invoice']],
  ['from: + word', `from:${NAMES[7]} invoice`, ['invoice']],
  ['word + is:unread', 'refund is:unread', ['refund']],
];

export async function seed(db: Database, owner: number, shape: Shape, seedNo = 1): Promise<void> {
  const r = rng(seedNo);
  const vocab = vocabulary(5000, r);
  const draw = zipf(vocab.length);
  const text = (n: number) => Array.from({ length: n }, () => vocab[draw(r)]).join(' ');
  const now = '2026-11-01T00:00:00.000Z';
  const columns: number[][] = [];
  const boardIds: number[] = [];
  for (let b = 0; b < shape.boards; b++) {
    const board = await db.get<{ id: number }>(
      'INSERT INTO boards (name, owner_id, created_at) VALUES (?, ?, ?) RETURNING id',
      [`Board ${b}`, owner, now],
    );
    boardIds.push(board?.id ?? 0);
    const cols: number[] = [];
    for (const [i, name] of ['Inbox', 'Doing', 'Done'].entries()) {
      const c = await db.get<{ id: number }>(
        'INSERT INTO columns (board_id, name, position) VALUES (?, ?, ?) RETURNING id',
        [board?.id ?? 0, name, i],
      );
      cols.push(c?.id ?? 0);
    }
    columns.push(cols);
  }
  const cardIds: number[] = [];
  await batches(db, shape.cards, 500, async (sql, i) => {
    const b = i % shape.boards;
    const col = columns[b]?.[i % 3] ?? 0;
    const row = await sql.get<{ id: number }>(
      `INSERT INTO cards (board_id, column_id, title, read_status, thread_owner_email, position, created_at)
       VALUES (?, ?, ?, ?, 'owner@bench', ?, ?) RETURNING id`,
      [boardIds[b] ?? 0, col, text(6), r() < 0.2 ? 0 : 1, i, now],
    );
    cardIds.push(row?.id ?? 0);
  });
  await batches(db, shape.messages, 500, async (sql, i) => {
    const card = cardIds[Math.floor(r() * cardIds.length)] as number;
    let body = text(50);
    for (const [w, rate] of Object.entries(PLANTED)) if (r() < rate) body += ` ${w}`;
    const from = NAMES[Math.floor(r() * NAMES.length)] as string;
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(r() * 300) * 86_400_000).toISOString();
    const params: Value[] = [
      card,
      `<m${i}@bench>`,
      `${from} <${from}@customer.example>`,
      '["support@acme.example"]',
      day,
      text(5),
      `${body}\n\n> ${text(20)}\n`,
      day,
    ];
    await sql.run(
      `INSERT INTO messages (card_id, message_id, direction, from_addr, to_addrs, sent_at, subject, body_text, created_at)
       VALUES (?, ?, 'in', ?, ?, ?, ?, ?, ?)`,
      params,
    );
  });
  await batches(db, shape.comments, 500, async (sql) => {
    const card = cardIds[Math.floor(r() * cardIds.length)] as number;
    await sql.run('INSERT INTO comments (card_id, user_id, body, created_at) VALUES (?, ?, ?, ?)', [
      card,
      owner,
      text(15),
      now,
    ]);
  });
}

async function batches(
  db: Database,
  n: number,
  size: number,
  one: (sql: Database | Parameters<Parameters<Database['tx']>[0]>[0], i: number) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < n; start += size) {
    await db.tx(async (sql) => {
      for (let i = start; i < Math.min(n, start + size); i++) await one(sql, i);
    });
  }
}
