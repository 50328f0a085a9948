/**
 * Crash loops, shared by test/server/crash-loop.test.ts (a few loops) and
 * bench/crash-loop.ts (50): `inboard serve` on one database file, a few
 * clients writing (creates with Note+Comment+SubTask, moves, notes), kill -9
 * at a random moment, then the file is checked directly — integrity, every
 * acknowledged write, no half-written create — and the next loop's server
 * is asked for the last loop's cards.
 */
import { openDb } from '../../src/server/db.js';
import { callAt } from './helpers.js';
import { exited, spawnServe } from './process.js';

export interface CrashOptions {
  loops: number;
  dbPath: string;
  cli?: string;
  clients?: number;
  /** Upper bound of the random delay before kill -9, ms. */
  maxDelayMs?: number;
  rng?: () => number;
  log?: (line: string) => void;
}

export interface CrashReport {
  loops: number;
  acknowledged: { creates: number; moves: number; notes: number };
  /** Acknowledged writes missing or wrong after a crash: must stay empty. */
  lost: string[];
  /** Cards with only part of what their create carried: must stay empty. */
  halfWritten: string[];
  integrity: string[];
  /** Moves in flight at the kill that did land (allowed). */
  unacknowledgedLanded: number;
  /** Creates in flight at the kill that did land, whole (allowed). */
  unacknowledgedCreates: number;
}

/** A card a loop created, as it expects to find it after the crash. */
interface WrittenCard {
  id: number;
  title: string;
  column: number;
  /** target of a move sent but not answered when the server died */
  pending?: number;
  notes: string[];
}

const KEY = 'crash-loop-owner-key-0001';

export async function runCrashLoops(o: CrashOptions): Promise<CrashReport> {
  const rng = o.rng ?? Math.random;
  const report: CrashReport = {
    loops: 0,
    acknowledged: { creates: 0, moves: 0, notes: 0 },
    lost: [],
    halfWritten: [],
    integrity: [],
    unacknowledgedLanded: 0,
    unacknowledgedCreates: 0,
  };
  const cards: WrittenCard[] = [];
  let board = 0;
  let columns: number[] = [];
  let lastLoop: WrittenCard[] = [];
  let serial = 0;

  for (let loop = 0; loop < o.loops; loop++) {
    const child = await spawnServe(['--db', o.dbPath, '--rate-limit', '0'], { INBOARD_API_KEY: KEY }, o.cli);
    const call = (method: string, path: string, body?: unknown) =>
      callAt(child.url, KEY, method, path, body === undefined ? {} : { body });
    if (loop === 0) {
      board = (await call('POST', '/v2/board', { Name: 'Crash' })).json.data.Id;
      for (const name of ['A', 'B', 'C']) await call('POST', `/v2/board/${board}/column`, { Name: name });
      columns = ((await call('GET', `/v2/board/${board}/columns`)).json.data as { Id: number }[]).map((c) => c.Id);
    }
    // The restarted server answers for what the last loop was told.
    for (const c of lastLoop) {
      const r = await call('GET', `/v2/card/${c.id}`);
      if (r.status !== 200 || r.json.data.ColumnId !== `Label_${c.column}`)
        report.lost.push(`loop ${loop}: API: card ${c.id} → ${r.status} ${r.json?.data?.ColumnId}`);
    }
    const thisLoop: WrittenCard[] = [];
    let dead = false;
    let acknowledged = (): void => undefined;
    const firstCreate = new Promise<void>((r) => (acknowledged = r));

    const client = async () => {
      const mine: WrittenCard[] = [];
      while (!dead) {
        const x = rng();
        try {
          if (mine.length === 0 || x < 0.4) {
            const title = `crash ${++serial} ✉️`;
            const column = columns[Math.floor(rng() * columns.length)] as number;
            const r = await call('POST', '/v2/card', {
              BoardId: board,
              ColumnId: column,
              CardTitle: title,
              Note: `N ${title}`,
              Comment: `C ${title}`,
              SubTask: `S ${title}`,
            });
            if (r.status !== 200) throw new Error(`create → ${r.status}`);
            const card: WrittenCard = { id: r.json.taskId, title, column, notes: [] };
            mine.push(card);
            thisLoop.push(card);
            acknowledged();
            cards.push(card);
            report.acknowledged.creates++;
          } else if (x < 0.75) {
            const card = mine[Math.floor(rng() * mine.length)] as WrittenCard;
            const to = columns[Math.floor(rng() * columns.length)] as number;
            card.pending = to;
            const r = await call('POST', '/v2/card/move-card', {
              Id: String(card.id),
              NewColumnId: to,
              NewPosition: Math.floor(rng() * 5),
            });
            if (r.status !== 200) throw new Error(`move → ${r.status}`);
            card.column = to;
            delete card.pending;
            report.acknowledged.moves++;
          } else {
            const card = mine[Math.floor(rng() * mine.length)] as WrittenCard;
            const body = `note ${++serial}`;
            const r = await call('POST', `/v2/card/${card.id}/note`, { Body: body });
            if (r.status !== 200) throw new Error(`note → ${r.status}`);
            card.notes.push(body);
            report.acknowledged.notes++;
          }
        } catch (err) {
          if (!dead) throw err; // before the kill, every write must succeed
          return;
        }
      }
    };
    // Promise.all at once, so an early failure is never an unhandled rejection.
    const running = Promise.all(Array.from({ length: o.clients ?? 3 }, client));
    // The random moment counts from the first acknowledged create: on a busy
    // machine a kill before any write was answered checked nothing.
    await Promise.race([firstCreate, running]);
    await new Promise((r) => setTimeout(r, 20 + rng() * ((o.maxDelayMs ?? 600) - 20)));
    dead = true;
    child.proc.kill('SIGKILL');
    await exited(child.proc);
    await running;

    const db = openDb(o.dbPath);
    try {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') report.integrity.push(`loop ${loop}: ${String(check)}`);
      const row = db.prepare('SELECT column_id FROM cards WHERE id = ?').pluck();
      const note = db.prepare('SELECT count(*) FROM notes WHERE card_id = ? AND body = ?').pluck();
      for (const c of cards) {
        const at = row.get(c.id) as number | undefined;
        if (at === undefined) report.lost.push(`loop ${loop}: card ${c.id} missing`);
        else if (at === c.pending) {
          report.unacknowledgedLanded++;
          c.column = at;
        } else if (at !== c.column)
          report.lost.push(`loop ${loop}: card ${c.id} in column ${at}, last acknowledged move to ${c.column}`);
        delete c.pending;
        for (const n of c.notes)
          if (note.get(c.id, n) !== 1) report.lost.push(`loop ${loop}: note '${n}' of card ${c.id} missing`);
      }
      // Every card ever created here, acknowledged or not, has all three extras or none exists.
      const parts = db
        .prepare(
          `SELECT c.id, c.title,
             (SELECT count(*) FROM notes n WHERE n.card_id = c.id AND n.body = 'N ' || c.title) AS n,
             (SELECT count(*) FROM comments m WHERE m.card_id = c.id AND m.body = 'C ' || c.title) AS m,
             (SELECT count(*) FROM subtasks s WHERE s.card_id = c.id AND s.body = 'S ' || c.title) AS s
           FROM cards c WHERE c.board_id = ?`,
        )
        .all(board) as { id: number; title: string; n: number; m: number; s: number }[];
      for (const p of parts)
        if (p.n !== 1 || p.m !== 1 || p.s !== 1)
          report.halfWritten.push(`card ${p.id}: note ${p.n}, comment ${p.m}, sub-task ${p.s}`);
      report.unacknowledgedCreates = parts.length - cards.length;
    } finally {
      db.close();
    }
    report.loops++;
    lastLoop = thisLoop;
    o.log?.(
      `loop ${loop + 1}: ${thisLoop.length} creates acknowledged; totals ${JSON.stringify(report.acknowledged)}, lost ${report.lost.length}`,
    );
  }
  // One last restart: the server answers for the last loop's cards, then stops cleanly.
  const child = await spawnServe(['--db', o.dbPath, '--rate-limit', '0'], { INBOARD_API_KEY: KEY }, o.cli);
  try {
    for (const c of lastLoop) {
      const r = await callAt(child.url, KEY, 'GET', `/v2/card/${c.id}`);
      if (r.status !== 200 || r.json.data.ColumnId !== `Label_${c.column}`)
        report.lost.push(`final: API: card ${c.id} → ${r.status}`);
    }
  } finally {
    child.proc.kill('SIGTERM');
    await exited(child.proc);
  }
  return report;
}
