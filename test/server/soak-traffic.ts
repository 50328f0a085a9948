/**
 * Mixed soak traffic against a running /v2 service, shared by
 * test/server/soak.test.ts (short) and bench/soak.ts (long): concurrent
 * clients list, read, create, move, comment and tag, back off on 429, and
 * remember every write the service acknowledged so it can be checked later.
 *
 * Each client moves and tags only cards it created, one request at a time,
 * so "the last acknowledged move" and "the tag set" of a card are exact.
 */
import { callAt, type Reply } from './helpers.js';

export interface SoakSetup {
  url: string;
  /** One key per client slot (reused round-robin when shorter than `clients`). */
  keys: string[];
  boardId: number;
  columnIds: number[];
  tagIds: number[];
}

export interface SoakOptions {
  clients: number;
  /** Stop when this many ms have passed… */
  durationMs: number;
  /** …or when each client has done this many operations (a number, or one per client by its index). */
  opsPerClient?: number | ((client: number) => number);
  /** Random pause between a client's operations, ms (upper bound). */
  thinkMs?: number;
  rng?: () => number;
}

export interface AckedCard {
  id: number;
  title: string;
  column: number;
  note?: string;
  comment?: string;
  subTask?: string;
  comments: { id: number; body: string }[];
  tags: Set<number>;
}

export interface Sample {
  /** ms since the soak started, at the response */
  at: number;
  ms: number;
  status: number;
}

export interface SoakResult {
  requests: number;
  byStatus: Map<number, number>;
  /** Anything but 200 and 429, and transport errors: what a soak must not see. */
  unexpected: string[];
  samples: Sample[];
  cards: AckedCard[];
  acknowledgedWrites: number;
  elapsedMs: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function runSoak(setup: SoakSetup, o: SoakOptions): Promise<SoakResult> {
  const rng = o.rng ?? Math.random;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
  const start = performance.now();
  const deadline = start + o.durationMs;
  const res: SoakResult = {
    requests: 0,
    byStatus: new Map(),
    unexpected: [],
    samples: [],
    cards: [],
    acknowledgedWrites: 0,
    elapsedMs: 0,
  };
  let serial = 0;

  const client = async (n: number) => {
    const key = setup.keys[n % setup.keys.length] as string;
    const mine: AckedCard[] = [];
    let backoff = 0;
    const call = async (method: string, path: string, body?: unknown): Promise<Reply | null> => {
      const t0 = performance.now();
      let r: Reply;
      try {
        r = await callAt(setup.url, key, method, path, body === undefined ? {} : { body });
      } catch (err) {
        res.requests++;
        res.unexpected.push(`${method} ${path}: ${String(err)}`);
        return null;
      }
      const t1 = performance.now();
      res.requests++;
      res.byStatus.set(r.status, (res.byStatus.get(r.status) ?? 0) + 1);
      res.samples.push({ at: t1 - start, ms: t1 - t0, status: r.status });
      if (r.status === 429) {
        // The reference's advice: slow down, exponentially.
        backoff = Math.min(1000, backoff === 0 ? 50 : backoff * 2);
        await sleep(backoff * (0.5 + rng()));
        return null;
      }
      backoff = 0;
      if (r.status !== 200) res.unexpected.push(`${method} ${path} → ${r.status} ${r.text.slice(0, 200)}`);
      return r.status === 200 ? r : null;
    };

    const ops: (() => Promise<void>)[] = [
      async () => {
        await call(
          'GET',
          `/v2/board/${setup.boardId}/column/${pick(setup.columnIds)}/cards?page=${1 + Math.floor(rng() * 2)}&limit=50`,
        );
      },
      async () => {
        // Mostly own cards, sometimes anyone's (another client may be moving it).
        const c = mine.length > 0 && rng() < 0.7 ? pick(mine) : res.cards.length > 0 ? pick(res.cards) : undefined;
        await call('GET', c ? `/v2/card/${c.id}` : `/v2/board/${setup.boardId}`);
      },
      async () => {
        const title = `soak ${n}-${++serial} ✉️ 漢字`;
        const column = pick(setup.columnIds);
        const full = rng() < 0.5;
        const extras = full ? { Note: `N ${title}`, Comment: `C ${title}`, SubTask: `S ${title}` } : {};
        const r = await call('POST', '/v2/card', {
          BoardId: setup.boardId,
          ColumnId: column,
          CardTitle: title,
          ...extras,
        });
        if (r === null) return;
        res.acknowledgedWrites++;
        const card: AckedCard = {
          id: r.json.taskId as number,
          title,
          column,
          comments: [],
          tags: new Set(),
          ...(full ? { note: extras.Note, comment: extras.Comment, subTask: extras.SubTask } : {}),
        };
        mine.push(card);
        res.cards.push(card);
      },
      async () => {
        if (mine.length === 0) return;
        const c = pick(mine);
        const to = pick(setup.columnIds);
        const r = await call('POST', '/v2/card/move-card', {
          Id: String(c.id),
          NewColumnId: to,
          NewPosition: Math.floor(rng() * 6),
        });
        if (r === null) return;
        res.acknowledgedWrites++;
        c.column = to;
      },
      async () => {
        if (mine.length === 0) return;
        const c = pick(mine);
        const body = `comment ${n}-${++serial} 👍`;
        const r = await call('POST', '/v2/comment', { CardId: String(c.id), Body: body });
        if (r === null) return;
        res.acknowledgedWrites++;
        c.comments.push({ id: r.json.data.CommentDetails.CommentId as number, body });
      },
      async () => {
        if (mine.length === 0 || setup.tagIds.length === 0) return;
        const c = pick(mine);
        if (rng() < 0.6) {
          const t = pick(setup.tagIds);
          const r = await call('POST', `/v2/card/${c.id}/tags`, { TagId: String(t) });
          if (r === null) return;
          res.acknowledgedWrites++;
          c.tags.add(t);
        } else {
          const set = setup.tagIds.filter(() => rng() < 0.4);
          const r = await call('PUT', `/v2/card/${c.id}/tags`, { TagIds: set.map(String) });
          if (r === null) return;
          res.acknowledgedWrites++;
          c.tags = new Set(set);
        }
      },
    ];
    // list, detail, create, move, comment, tag
    const weights = [30, 20, 15, 15, 10, 10];
    const total = weights.reduce((a, b) => a + b, 0);
    const mineOps = typeof o.opsPerClient === 'function' ? o.opsPerClient(n) : o.opsPerClient;
    for (let i = 0; (mineOps === undefined || i < mineOps) && performance.now() < deadline; i++) {
      let x = rng() * total;
      let k = 0;
      while (k < weights.length - 1 && x >= (weights[k] as number)) x -= weights[k++] as number;
      await (ops[k] as () => Promise<void>)();
      if (o.thinkMs) await sleep(rng() * o.thinkMs);
    }
  };

  await Promise.all(Array.from({ length: o.clients }, (_, n) => client(n)));
  res.elapsedMs = performance.now() - start;
  return res;
}

/**
 * Checks every acknowledged write through the API: the card exists, is in
 * its last acknowledged column and listed there, and carries its note,
 * comment, sub-task, acknowledged comments and exact tag set. Returns problems.
 */
export async function verifySoak(url: string, key: string, setup: SoakSetup, cards: AckedCard[]): Promise<string[]> {
  const problems: string[] = [];
  const listed = new Map<number, number>();
  for (const col of setup.columnIds) {
    for (let page = 1; ; page++) {
      const r = await callAt(url, key, 'GET', `/v2/board/${setup.boardId}/column/${col}/cards?page=${page}&limit=200`);
      if (r.status !== 200) {
        problems.push(`list column ${col} → ${r.status}`);
        break;
      }
      const rows = r.json.data as { ServiceTaskId: number }[];
      for (const c of rows) listed.set(c.ServiceTaskId, col);
      if (rows.length < 200) break;
    }
  }
  for (const c of cards) {
    const r = await callAt(url, key, 'GET', `/v2/card/${c.id}`);
    if (r.status !== 200) {
      problems.push(`card ${c.id} (${c.title}) → ${r.status}`);
      continue;
    }
    const d = r.json.data;
    const has = (xs: { Body?: string; Comment?: string }[], body: string) =>
      xs.some((x) => (x.Body ?? x.Comment) === body);
    if (d.TaskName !== c.title) problems.push(`card ${c.id}: title ${d.TaskName}`);
    if (d.ColumnId !== `Label_${c.column}`)
      problems.push(`card ${c.id}: in ${d.ColumnId}, last acknowledged move to ${c.column}`);
    if (listed.get(c.id) !== c.column)
      problems.push(`card ${c.id}: listed in ${listed.get(c.id)}, expected ${c.column}`);
    if (c.note !== undefined && !has(d.Notes, c.note)) problems.push(`card ${c.id}: note missing`);
    if (c.subTask !== undefined && !has(d.SubTasks, c.subTask)) problems.push(`card ${c.id}: sub-task missing`);
    if (c.comment !== undefined && !has(d.Comments, c.comment)) problems.push(`card ${c.id}: comment missing`);
    for (const cm of c.comments) {
      if (
        !(d.Comments as { CommentId: number; Comment: string }[]).some(
          (x) => x.CommentId === cm.id && x.Comment === cm.body,
        )
      ) {
        problems.push(`card ${c.id}: comment ${cm.id} missing`);
      }
    }
    const tags = (d.Tags as { Id: number }[]).map((t) => t.Id).sort((a, b) => a - b);
    const want = [...c.tags].sort((a, b) => a - b);
    if (tags.join() !== want.join()) problems.push(`card ${c.id}: tags [${tags.join()}] expected [${want.join()}]`);
  }
  return problems;
}

/** A board with four columns and five tags for the soak, created through the API. */
export async function soakBoard(url: string, key: string): Promise<Omit<SoakSetup, 'url' | 'keys'>> {
  const ok = (r: Reply) => {
    if (r.status !== 200) throw new Error(`soak setup: ${r.status} ${r.text}`);
    return r;
  };
  const boardId = ok(await callAt(url, key, 'POST', '/v2/board', { body: { Name: 'Soak' } })).json.data.Id as number;
  for (const name of ['Inbox', 'Doing', 'Waiting', 'Done']) {
    ok(await callAt(url, key, 'POST', `/v2/board/${boardId}/column`, { body: { Name: name } }));
  }
  const cols = ok(await callAt(url, key, 'GET', `/v2/board/${boardId}/columns`)).json.data as { Id: number }[];
  const tagIds: number[] = [];
  for (let i = 0; i < 5; i++) {
    const r = ok(await callAt(url, key, 'POST', '/v2/tag', { body: { BoardId: boardId, Name: `t${i}`, Color: i } }));
    tagIds.push(r.json.data.Id as number);
  }
  return { boardId, columnIds: cols.map((c) => c.Id), tagIds };
}
