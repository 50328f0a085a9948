/**
 * The optimistic mutation engine (docs/architecture.md, "The mutation
 * protocol"). A mutation goes:
 *
 *   enqueue  appended to `pending`; the view, confirmed with pending
 *            replayed (`replay`, run by view.ts), shows it in the same update
 *   send     through the keyed queue (one at a time per card), as its kind's
 *            request (its record in kinds/, KindSpec in mutation-kinds.ts)
 *   fold     on success: what its kind reads back is read, its effect goes
 *            into `confirmed` with the server's answer (and into the open
 *            detail), it leaves `pending`, and the fold log keeps it for
 *            list answers still in flight (fold-log.ts)
 *   rollback on failure: it leaves `pending` and that is the undo —
 *            confirmed was never touched, so the next replay no longer
 *            shows it; the failure goes to the status bar (status.ts)
 */
import { randomUUID } from 'node:crypto';
import type { CardId } from '../api/read-model.js';
import type { Core, CoreData } from './core.js';
import { Draft } from './draft.js';
import { IdempotencyKeys } from './idempotency.js';
import { applyEffect, kindOf, landedCheck, send } from './kinds/index.js';
import type { Mutation, MutationInput, RunContext } from './mutation-kinds.js';
import { outcomeUnknown, settle } from './outcome.js';
import { isPendingId } from './pending-ids.js';
import { alreadySo, changedMeanwhile, explainStale } from './stale.js';
import { mutationError, refuse, type MutationError, type StatusData } from './status.js';

/** Replays `pending` over a draft of confirmed state; returns the ids of the cards they touch. */
export function replay(d: Draft, pending: readonly Mutation[]): Set<CardId> {
  const touched = new Set<CardId>();
  for (const m of pending) {
    if (!('cardId' in m)) continue; // a column or a board: nothing on the cards until it folds
    applyEffect(d, m, m.cardId);
    touched.add(m.cardId);
  }
  return touched;
}

/** What the engine asks of the board: column ids at send time, and the reloads that make a fold visible. */
export interface EngineDeps {
  /** Numeric id of a column label, on the open board or another one loaded for a move. */
  readonly columnId: (label: string) => number | undefined;
  /** Reloads the open board's columns (read back after a column is added). */
  readonly reloadColumns: () => Promise<void>;
  /** Reloads the list of boards (read back after a board is added). */
  readonly loadBoards: () => Promise<void>;
  /** Reloads the card detail if it is open on `cardId` (read back after text is added to it). */
  readonly reloadDetail: (cardId: CardId) => Promise<void>;
  /** Draws a confirmed change into the card detail if it is open on `cardId` (card-detail.ts). */
  readonly foldIntoDetail: (m: Mutation, cardId: CardId) => void;
  /** Reloads the open board's cards (a card the server created without saying its id). */
  readonly refresh: () => Promise<void>;
  /** The card's version as its open detail shows it (read after the board, maybe newer); undefined when not open. */
  readonly shownVersion: (cardId: CardId) => number | undefined;
}

export interface Engine {
  /**
   * Runs `input` optimistically; `focus` moves the cursor to that card in
   * the same update. Resolves with the server's answer; rejects with a
   * MutationError once the mutation is rolled back.
   */
  enqueue(input: MutationInput, focus?: CardId): Promise<unknown>;
  /** The card's version as the user has seen it (RunContext.version), for writes sent outside the engine. */
  versionOf(id: CardId): number | undefined;
  /** Hears a card's new version from a write sent outside the engine (a comment edit, a tag deleted). */
  sawVersion(id: CardId, version: number): void;
}

const newest = (a: number | undefined, b: number | undefined): number | undefined =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);

/** Thrown for a mutation dropped because the card it needed was never created. */
class Cancelled extends Error {}

export function makeEngine(core: Core<CoreData & StatusData>, deps: EngineDeps): Engine {
  let seq = 0;
  const tempToReal = new Map<CardId, CardId>();
  /** Real id → the pending id it replaced: a card keeps one queue key for life. */
  const realToTemp = new Map<CardId, CardId>();
  const keys = new IdempotencyKeys();
  /** Versions this client's own writes were answered with: newer than the board's last read. */
  const versions = new Map<CardId, number>();

  const keyFor = (m: MutationInput): string =>
    'cardId' in m ? `card:${realToTemp.get(m.cardId) ?? m.cardId}` : `board:${m.kind}`;
  const resolve = (id: CardId): CardId => (isPendingId(id) ? (tempToReal.get(id) ?? id) : id);
  /** The pending entry as it is now: rewritten (pending id → real) since, or gone. */
  const current = (m: Mutation): Mutation | undefined => core.get().pending.find((p) => p.seq === m.seq);

  function enqueue(input: MutationInput, focus?: CardId): Promise<unknown> {
    const m: Mutation = { ...input, seq: ++seq, boardId: core.get().boardId };
    const ticket = keys.ticket(input, m.boardId, resolve);
    // Every change has a key, so a resend after a lost answer is answered, not made twice (outcome.ts).
    const key = ticket?.key ?? randomUUID();
    const s = core.get();
    const cursor = focus === undefined ? s.cursor : { ...s.cursor, cardId: focus };
    core.update({ pending: [...s.pending, m], cursor });
    return core.queue
      .run(keyFor(m), () => sendNow(m, key))
      .then(
        (result) => {
          keys.succeeded(ticket);
          fold(current(m) ?? m, result);
          return result;
        },
        (e: unknown) => {
          if (!(e instanceof Cancelled)) keys.failedWith(ticket);
          throw rollback(m, input, e);
        },
      );
  }

  /**
   * Sends `m` as it is when its turn comes, then the reload that shows what
   * it did. A send whose answer never came is checked, not failed (outcome.ts).
   */
  async function sendNow(m: Mutation, idempotencyKey: string): Promise<unknown> {
    const now = current(m);
    if (now === undefined) throw new Cancelled('The card was not created');
    let result: unknown;
    try {
      result = await send(context(), now, idempotencyKey).catch((e: unknown) => whenStale(now, e));
    } catch (e) {
      if (!outcomeUnknown(e)) throw e;
      markChecking(now);
      result = await settle({
        landed: landedCheck(context, now),
        // A resend after a lost answer meets the version the first send left, if it landed.
        resend: () => send(context(), now, idempotencyKey).catch((e2: unknown) => whenStale(now, e2)),
      });
    }
    await followUp(now);
    return result;
  }

  /**
   * A write refused because the card changed meanwhile: resolves (undefined)
   * when the card already is as `m` wanted — a retried write of the user's
   * whose first answer was lost — else rejects saying what the card is now,
   * the board read again to show theirs. Any other failure passes through.
   */
  async function whenStale(m: Mutation, e: unknown): Promise<unknown> {
    if (!changedMeanwhile(e) || !('cardId' in m)) throw e;
    const check = landedCheck(context, m);
    if (check !== null && (await check().catch(() => false))) return undefined;
    const told = await explainStale(core.client, resolve(m.cardId), core.get().columns, e, (d) => alreadySo(m, d));
    if (told === null) return undefined;
    void deps.refresh();
    throw told;
  }

  /** "checking…": the status bar and the card's mark say so while the server is read (view.ts). */
  function markChecking(m: Mutation): void {
    core.update({ pending: core.get().pending.map((p) => (p.seq === m.seq ? { ...p, checking: true } : p)) });
  }

  /** What a request reads at send time (RunContext). */
  function context(): RunContext {
    const s = core.get();
    return {
      client: core.client,
      boardId: s.boardId,
      columnId: (label) => deps.columnId(label),
      confirmedCard: (id) => core.get().confirmed.cards.get(id),
      // The newest the user has seen: the board's, the open detail's, their own writes'.
      version: (id) =>
        newest(newest(core.get().confirmed.cards.get(id)?.version, deps.shownVersion(id)), versions.get(id)),
      sawVersion: (id, v) => versions.set(id, newest(versions.get(id), v) ?? v),
      realId: (id) => {
        const real = resolve(id);
        if (isPendingId(real)) throw new Cancelled('The card was not created');
        return real;
      },
    };
  }

  /**
   * The read back its kind declares, so a confirmed change the request does
   * not describe is on screen before the action resolves; every other change
   * is drawn from the request itself (fold).
   */
  async function followUp(m: Mutation): Promise<void> {
    const what = kindOf(m).readBack;
    if (what === 'columns') await deps.reloadColumns();
    else if (what === 'boards') await deps.loadBoards();
    else if (what === 'detail' && 'cardId' in m) await deps.reloadDetail(resolve(m.cardId));
    else if (what === 'board') await deps.refresh();
  }

  /** Success: `m`'s effect, with the server's answer, goes into confirmed; `m` leaves pending. */
  function fold(m: Mutation, result: unknown): void {
    const s = core.get();
    const pending = s.pending.filter((p) => p.seq !== m.seq);
    // Made on a board no longer open (or no card to change): its effect is not on this screen.
    if (m.boardId !== s.boardId || !('cardId' in m)) {
      core.update({ pending, backoff: null });
      return;
    }
    let id = resolve(m.cardId);
    let cursor = s.cursor;
    let rewritten = pending;
    const newCardId = kindOf(m).newCardId;
    if (newCardId !== null) {
      const created = newCardId(result);
      if (created === null) {
        // Created, but the answer did not say as what: the board is read again to find it.
        const rest = pending.filter((p) => !('cardId' in p && p.cardId === m.cardId));
        core.update({ pending: rest, backoff: null });
        void deps.refresh();
        return;
      }
      id = created;
      tempToReal.set(m.cardId, id);
      realToTemp.set(id, m.cardId);
      // Later mutations on the new card now name it by its real id.
      rewritten = pending.map((p) => ('cardId' in p && p.cardId === m.cardId ? { ...p, cardId: id } : p));
      if (cursor.cardId === m.cardId) cursor = { ...cursor, cardId: id };
    }
    const d = new Draft(s.confirmed);
    applyEffect(d, m, id, result);
    // The view's card carries the version the write left, so the next edit is based on it.
    const version = versions.get(id);
    const card = d.get(id);
    if (card !== undefined && version !== undefined && (card.version ?? 0) < version) d.put({ ...card, version });
    core.folds.record(m, id, result);
    deps.foldIntoDetail(m, id);
    core.update({ confirmed: d.result(), pending: rewritten, cursor, backoff: null });
  }

  /**
   * Failure: rollback by omission. Confirmed state was never touched, so
   * undoing `m` is dropping it from `pending` (with whatever waited on the
   * card it was creating): the next replay no longer shows it. The failure
   * is reported as every failed change is (status.ts, refuse), in the same
   * update; a mutation cancelled with the card it needed is not reported again.
   */
  function rollback(m: Mutation, input: MutationInput, e: unknown): MutationError {
    let pending = core.get().pending.filter((p) => p.seq !== m.seq);
    if ('cardId' in m && kindOf(m).newCardId !== null) {
      const made = m.cardId;
      pending = pending.filter((p) => !('cardId' in p && p.cardId === made));
    }
    if (e instanceof Cancelled) {
      core.update({ pending });
      return mutationError(input, e);
    }
    return refuse(core, input, e, { pending });
  }

  return {
    enqueue,
    versionOf: (id) => context().version(id),
    sawVersion: (id, v) => context().sawVersion(id, v),
  };
}
