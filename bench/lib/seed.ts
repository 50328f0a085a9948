/**
 * Bench boards. Board, columns and tags go through the HTTP API; the cards
 * are written straight into the service's SQLite file over a second
 * connection opened with the server's own `openDb` (WAL, same pragmas), the
 * same rows POST /v2/card writes: position-ordered with GAP spacing, owner as
 * thread owner, plus tags and assignees on some cards. 10,000 API POSTs
 * would take ~30 s and measure nothing we care about here.
 */
import { openDb } from '../../src/server/db.js';
import { GAP } from '../../src/server/positions.js';

const SUBJECTS = [
  'Re: Invoice #{n} charged twice this month',
  'Can’t log in after password reset 😩 (ticket {n})',
  'Demande de remboursement — commande nº {n}',
  '【至急】請求書の宛名変更のお願い #{n}',
  'Feature request: dark mode for the mobile app 🌙 #{n}',
  'Fwd: Re: Question about API rate limits on the Pro plan, per key or per workspace? ({n})',
  'Export to CSV drops rows with non-ASCII names (Müller, Zoë, 王伟) #{n}',
  'Your app saved our Monday 🙌 thank you! #{n}',
  'Urgent: production sync stuck since 03:00 UTC — case {n}',
  '¿Tienen facturación en pesos mexicanos? #{n}',
  'Re: 価格表と導入事例について ({n})',
  'Screenshot needed: the “Send later” button is missing #{n}',
  '👨‍👩‍👧 Family plan question #{n}',
];

export const OWNER = 'owner@inboard.local';
export const TEAMMATE = 'sam.rivera@example.com';

/** The title of card `i` of column `col` (0-based, in column order). */
export const titleFor = (col: number, i: number): string =>
  `C${col + 1}·${i + 1} ${(SUBJECTS[(i * 7 + col) % SUBJECTS.length] as string).replace('{n}', String(10_000 + col * 100_000 + i))}`;

export interface BenchBoard {
  id: number;
  name: string;
  columns: { id: number; name: string; count: number }[];
}

async function call<T>(url: string, key: string, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(url + path, {
    method,
    headers: { authorization: key, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await r.json()) as { data?: T; Error?: boolean; Message?: string };
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

/**
 * A board of `total` cards: one big first column holding 60%, then four
 * columns of 10% each ("one big column plus small ones").
 */
export async function seedBoard(
  url: string,
  key: string,
  dbPath: string,
  name: string,
  total: number,
): Promise<BenchBoard> {
  const shares = [0.6, 0.1, 0.1, 0.1, 0.1];
  const names = ['Inbox', 'Doing', 'Waiting', 'Review', 'Done'];
  const board = await call<{ Id: number }>(url, key, 'POST', '/v2/board', { Name: name, Users: [TEAMMATE] });
  for (const n of names) await call(url, key, 'POST', `/v2/board/${board.Id}/column`, { Name: n });
  const cols = await call<{ Id: number; Name: string }[]>(url, key, 'GET', `/v2/board/${board.Id}/columns`);
  const tagIds: number[] = [];
  for (const [i, t] of ['Urgent', 'Bug', 'Billing', 'Question'].entries()) {
    tagIds.push(
      (await call<{ Id: number }>(url, key, 'POST', '/v2/tag', { BoardId: board.Id, Name: t, Color: i + 1 })).Id,
    );
  }

  const db = openDb(dbPath);
  const insert = db.prepare(
    `INSERT INTO cards (board_id, column_id, title, read_status, due_date, thread_owner_email, position, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const tag = db.prepare('INSERT INTO card_tags (card_id, tag_id) VALUES (?, ?)');
  const assign = db.prepare('INSERT INTO card_assignees (card_id, email) VALUES (?, ?)');
  const counts = shares.map((s) => Math.round(s * total));
  const base = Date.UTC(2026, 0, 1);
  db.transaction(() => {
    cols.forEach((c, col) => {
      for (let i = 0; i < (counts[col] ?? 0); i++) {
        const due = i % 5 === 0 ? new Date(base + (i % 40) * 86_400_000).toISOString() : null;
        const id = Number(
          insert.run(
            board.Id,
            c.Id,
            titleFor(col, i),
            i % 4 === 0 ? 0 : 1,
            due,
            OWNER,
            i * GAP,
            new Date(base - i * 60_000).toISOString(),
          ).lastInsertRowid,
        );
        if (i % 3 === 0) tag.run(id, tagIds[i % tagIds.length]);
        if (i % 2 === 0) assign.run(id, i % 4 === 0 ? TEAMMATE : OWNER);
      }
    });
  }).immediate();
  db.close();

  // Faithfulness check: the API lists what we wrote, in order.
  const first = cols[0];
  if (first === undefined) throw new Error('no columns');
  const page = await call<{ TaskName: string }[]>(
    url,
    key,
    'GET',
    `/v2/board/${board.Id}/column/${first.Id}/cards?page=1&limit=3`,
  );
  if (page[0]?.TaskName !== titleFor(0, 0)) throw new Error(`seed check failed: ${JSON.stringify(page[0])}`);
  return { id: board.Id, name, columns: cols.map((c, i) => ({ id: c.Id, name: c.Name, count: counts[i] ?? 0 })) };
}
