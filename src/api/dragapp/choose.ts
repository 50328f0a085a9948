/**
 * Which routes a server speaks, learnt from what it answers — no setting.
 * Every operation goes to /v2 first; when an answer is DragApp's tell-tale
 * (a column-cards refusal "Invalid ColumnId Or BoardId", a /v2 route missing,
 * columns without their label, a card detail of only Id/Title/Note/BoardId),
 * GET /v1.18/teamBoard/boards is asked once: if it answers in its shape, the
 * rest of the run speaks DragApp's routes (dragapp/endpoints.ts) and the
 * operation is answered that way. A server that follows the reference never
 * sees that request unless it refused something.
 */
import { ApiError } from '../errors.js';
import type { Endpoints, OperationName, Operations } from '../operations.js';
import type { Extension } from '../types.js';
import type { Wire } from '../wire.js';
import { dragAppEndpoints } from './endpoints.js';
import { entityTypeOfId, readTeamBoards } from './read.js';
import { DragState } from './state.js';

export type Dialect = 'v2' | 'dragapp';

/** What DragApp offers of the extensions: due dates through SaveDueDate, a card's email and new mail on its entityConversation routes, search on its search-emails route. */
const DRAGAPP_OFFERS: Record<Extension, boolean> = {
  setDueDate: true,
  setTags: false,
  createEmailSequence: false,
  me: false,
  setReadStatus: false,
  tickSubTask: false,
  archivedCards: false,
  restoreCard: false,
  messages: true,
  attachments: false,
  reply: true,
  forward: false,
  compose: true,
  signature: false,
  outbox: false,
  presence: false,
  events: false,
  updateBoard: false,
  archiveBoard: false,
  updateColumn: false,
  deleteColumn: false,
  mailboxes: false,
  search: true,
  snooze: false,
  targets: false,
  // Its analytics route's shapes are unverified (dragapp-evidence §5): a report is not guessed from it.
  reports: false,
  history: false,
  customers: false,
  rules: false,
  savedReplies: false,
  // DragApp's evidence shows no notifications route: said not offered.
  notifications: false,
};

/** An answer from /v2 that a DragApp server gives and ours never does. */
function looksLikeDragApp(name: OperationName, result: unknown): boolean {
  if (name === 'listColumns')
    return Array.isArray(result) && result.some((c: { ColumnId?: unknown }) => c.ColumnId === null);
  if (name === 'getCard' && typeof result === 'object' && result !== null) {
    return !['ColumnId', 'DueDate', 'Assignees', 'Status'].some((k) => k in result);
  }
  return false;
}

/**
 * Operations whose /v2 request must not go out before the dialect is known:
 * archiving what may be an email thread (DragApp can't archive those, and
 * nothing is to be sent for them). A task-like id goes as usual.
 */
const askFirst: Partial<Record<OperationName, (args: unknown[]) => boolean>> = {
  archiveCard: ([id]) => typeof id === 'string' && entityTypeOfId(id) !== '1',
};

const refusalOfDragApp = (e: unknown): boolean =>
  e instanceof ApiError && (e.kind === 'unsupported' || /Invalid ColumnId Or BoardId/i.test(e.message));

export interface Dialects {
  operations: Operations;
  offers: (ext: Extension) => boolean | undefined;
  /** What has been learnt so far (undefined: nothing refused yet). */
  dialect: () => Dialect | undefined;
}

export function withDialects(w: Wire, v2: Endpoints<OperationName>): Dialects {
  const state = new DragState();
  const drag: Partial<Endpoints<OperationName>> = dragAppEndpoints(state);
  let dialect: Dialect | undefined;
  let probing: Promise<Dialect> | undefined;

  /** Once per client: one request, no retries; anything but DragApp's shape means the reference. */
  function probe(): Promise<Dialect> {
    probing ??= (async (): Promise<Dialect> => {
      try {
        const { status, body } = await w.raw('GET', '/v1.18/teamBoard/boards');
        const team = status >= 200 && status < 300 ? readTeamBoards(JSON.parse(body)) : undefined;
        if (team === undefined) return 'v2';
        state.remember(team, true);
        return 'dragapp';
      } catch {
        return 'v2';
      }
    })().then((d) => (dialect = d));
    return probing;
  }

  const operations: Partial<Record<OperationName, unknown>> = {};
  for (const name of Object.keys(v2) as OperationName[]) {
    // Each entry has its own parameters; routing only passes them through.
    const viaV2 = v2[name] as (w: Wire, ...args: unknown[]) => Promise<unknown>;
    const own = drag[name] as ((w: Wire, ...args: unknown[]) => Promise<unknown>) | undefined;
    if (own === undefined) {
      operations[name] = (...args: unknown[]) => viaV2(w, ...args);
      continue;
    }
    operations[name] = async (...args: unknown[]) => {
      if (dialect === 'dragapp') return own(w, ...args);
      if (dialect === 'v2') return viaV2(w, ...args);
      if (askFirst[name]?.(args) === true) return (await probe()) === 'dragapp' ? own(w, ...args) : viaV2(w, ...args);
      let result: unknown;
      try {
        result = await viaV2(w, ...args);
      } catch (e) {
        if (refusalOfDragApp(e) && (await probe()) === 'dragapp') return own(w, ...args);
        throw e;
      }
      if (looksLikeDragApp(name, result) && (await probe()) === 'dragapp') return own(w, ...args);
      return result;
    };
  }
  return {
    operations: operations as Operations,
    offers: (ext) => (dialect === 'dragapp' ? DRAGAPP_OFFERS[ext] : w.offers(ext)),
    dialect: () => dialect,
  };
}
