/**
 * What the DragApp dialect remembers for one client: the boards and their
 * `Label_N` columns (one call gives all), the numeric column ids the
 * client's contract hands out for them, each listed card's entity type and
 * board (later requests must name them), and a column's last full listing
 * (the route has no paging, so later pages are cut from it), and what a
 * thread's listing says of its latest message.
 */
import { ApiError } from '../errors.js';
import { answerText } from '../endpoints/answers.js';
import { failureInBody } from '../parse.js';
import { isRecord } from '../tolerant.js';
import type { DragAppBody } from './body.js';
import type { CardId, CardRow } from '../read-model.js';
import type { Query, Wire } from '../wire.js';
import { entityTypeOfId, readTeamBoards, type EntityType, type TeamBoards, type ThreadSummary } from './read.js';

/** Column ids past this are handed out for labels not of the form `Label_<digits>`. */
const OWN_IDS_FROM = 2 ** 52;

/** The error as the caller reads it: what DragApp refused, naming the route. */
function onRoute(method: string, path: string, e: ApiError): ApiError {
  const message = e.message.includes(path) ? e.message : `${method} ${path}: ${e.message}`;
  return new ApiError({ ...e, method, path, message, retryable: e.retryable, kind: e.kind, status: e.status });
}

/** "… is not offered by DragApp's API": refused before anything is sent. */
export function notOffered(what: string, method: string, path: string, message?: string): ApiError {
  return new ApiError({
    status: 0,
    method,
    path,
    kind: 'unsupported',
    retryable: false,
    message: message ?? `${what} is not offered by DragApp's API`,
  });
}

/** What a v1.18 change answered, in words: its `Response` text, else as the /v2 answers are read. */
export function v1Words(answer: unknown): string {
  const said = isRecord(answer) ? answer.Response : undefined;
  return typeof said === 'string' && said.trim() !== '' ? said : answerText(answer) || 'success';
}

/**
 * A v1.18 request: its answer's JSON, or an ApiError naming the route —
 * including `{Error: "…", Success: false}` on a 200, which is a failure.
 */
export async function v1(
  w: Wire,
  method: 'GET' | 'POST',
  path: string,
  r: { query?: Query; body?: DragAppBody; o?: { signal?: AbortSignal } | undefined } = {},
): Promise<unknown> {
  try {
    const { status, json } = await w.call(method, path, r);
    const failed = failureInBody({ method, path }, status, json);
    if (failed) throw failed;
    return json;
  } catch (e) {
    throw e instanceof ApiError ? onRoute(method, path, e) : e;
  }
}

export class DragState {
  private team: TeamBoards | undefined;
  private readonly ownIds = new Map<string, number>();
  private readonly labels = new Map<number, string>();
  private readonly kinds = new Map<CardId, EntityType>();
  private readonly cardBoards = new Map<CardId, number>();
  private readonly threads = new Map<CardId, ThreadSummary>();
  private readonly listings = new Map<string, CardRow[]>();

  /** The probe's answer serves the operation that caused it, instead of asking twice in a row. */
  private fresh = false;

  /** Keeps what GET /v1.18/teamBoard/boards gave (the probe's answer, or a later one). */
  remember(team: TeamBoards, fresh = false): TeamBoards {
    this.team = team;
    this.fresh = fresh;
    return team;
  }

  /** Every board with its columns: fresh from the service. */
  async teamBoards(w: Wire, o?: { signal?: AbortSignal }): Promise<TeamBoards> {
    if (this.fresh && this.team !== undefined) {
      this.fresh = false;
      return this.team;
    }
    const path = '/v1.18/teamBoard/boards';
    const team = readTeamBoards(await v1(w, 'GET', path, { o }));
    if (team === undefined) {
      throw new ApiError({
        status: 200,
        method: 'GET',
        path,
        kind: 'response',
        retryable: false,
        message: `GET ${path}: the answer has no ColumnsByBoard`,
      });
    }
    return this.remember(team);
  }

  /** The boards as last read, reading them once when never read. */
  async known(w: Wire): Promise<TeamBoards> {
    return this.team ?? this.teamBoards(w);
  }

  /** The numeric id the contract uses for a column label: its digits, or one of our own. */
  idOf(labelId: string): number {
    const m = /^Label_(\d{1,15})$/.exec(labelId);
    let id = m?.[1] !== undefined ? Number(m[1]) : this.ownIds.get(labelId);
    if (id === undefined) {
      id = OWN_IDS_FROM + this.ownIds.size;
      this.ownIds.set(labelId, id);
    }
    this.labels.set(id, labelId);
    return id;
  }

  /** The exact label of a column id handed out by `idOf`; undefined for any other number. */
  labelOf(columnId: number): string | undefined {
    return this.labels.get(columnId);
  }

  /** The board a column label belongs to (as last read), preferring `boardId` when it has it. */
  boardOfLabel(labelId: string, boardId?: number): number | undefined {
    const cols = this.team?.columns;
    if (cols === undefined) return undefined;
    if (boardId !== undefined && cols.get(boardId)?.some((c) => c.labelId === labelId)) return boardId;
    for (const [b, list] of cols) if (list.some((c) => c.labelId === labelId)) return b;
    return undefined;
  }

  /** Remembers what a listing said of a card. */
  saw(id: CardId, kind: EntityType | undefined, boardId: number, thread?: ThreadSummary): void {
    if (kind !== undefined) this.kinds.set(id, kind);
    this.cardBoards.set(id, boardId);
    if (thread !== undefined) this.threads.set(id, thread);
  }

  /** What the last listing said of a thread's latest message (its date and sender's name come only from there). */
  threadOf(id: CardId): ThreadSummary | undefined {
    return this.threads.get(id);
  }

  /** Whether a listing or a detail gave this id. */
  knows(id: CardId): boolean {
    return this.kinds.has(id);
  }

  /** The entity type of a card: as listed, else by its id's form. */
  kindOf(id: CardId): EntityType {
    return this.kinds.get(id) ?? entityTypeOfId(id);
  }

  boardOfCard(id: CardId): number | undefined {
    return this.cardBoards.get(id);
  }

  listing(boardId: number, labelId: string): CardRow[] | undefined {
    return this.listings.get(`${boardId}/${labelId}`);
  }

  keepListing(boardId: number, labelId: string, rows: CardRow[]): void {
    this.listings.set(`${boardId}/${labelId}`, rows);
  }
}
