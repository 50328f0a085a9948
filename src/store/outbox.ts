/**
 * Replies on their way out, each until it is sent: "Reply to Priya sends in
 * 8 s · u undo". On a service with an outbox the server holds the reply
 * (its answer names `OutboxId` and `SendsAt`) and `takeBack` asks it to drop
 * it; the reply is then watched until the service has sent it (or its relay
 * refused). On a server without one (DragApp) the reply is held here for
 * `LOCAL_DELAY_MS` before it is sent, and taking it back only forgets it —
 * the app asks before quitting with one still held. A reply the service
 * sends at once is simply sent.
 */
import type { CardId } from '../api/read-model.js';
import type { ReplyData } from '../api/schema-mail.js';
import type { Core } from './core.js';
import { errorText, type StatusData } from './status.js';

/** How long the app holds a reply itself where the server has no outbox (the service's default delay; INBOARD_SEND_DELAY). */
export const LOCAL_DELAY_MS = 10_000;
/** How often a reply held by the service is asked after, once its time has come. */
const WATCH_MS = 1_000;

export interface Outgoing {
  /** This app's own id for it. */
  readonly id: number;
  readonly cardId: CardId;
  /** "Priya", "ana@example.com": whom it goes to, terminal-safe. */
  readonly to: string;
  /** The composer's text as typed (a `Cc:` first line included), to reopen it with. */
  readonly typed: string;
  /** All the composer held (its addresses, its files' paths), as a draft keeps it, to reopen it with. */
  readonly fields?: Readonly<Record<string, string>>;
  readonly sendsAt: number;
  /** The service's outbox id; null: held here, not sent yet. */
  readonly outboxId: string | null;
}

export interface OutboxData {
  outgoing: readonly Outgoing[];
}

/** What a reply sent later does when it settles; the flow keeps drafts and reopens the composer. */
export interface SendEvents {
  sent(): void;
  failed(e: unknown): void;
}

export interface Send {
  cardId: CardId;
  to: string;
  typed: string;
  fields?: Readonly<Record<string, string>>;
  /** Sends it (the `reply` mutation); resolves to the server's answer. */
  send: () => Promise<ReplyData | undefined>;
}

export type TakeBack = { readonly back: Outgoing } | { readonly cannot: string };

export interface OutboxActions {
  /**
   * Sends a reply the way the server allows taking it back. Resolves once it
   * is on its way (held here, held by the service, or sent); rejects when
   * the server refused or held it (the `reply` mutation's error). `events`
   * hear how a reply held here or by the service ends.
   */
  sendReplyLater(s: Send, events: SendEvents): Promise<Outgoing | null>;
  /** `u`: takes back the newest reply still waiting. */
  takeBackReply(): Promise<TakeBack>;
}

export interface Timers {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (t: unknown) => void;
}

const REAL_TIMERS: Timers = {
  now: Date.now,
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (t) => clearTimeout(t as NodeJS.Timeout),
};

export function makeOutbox(
  core: Core<OutboxData & StatusData>,
  timers: Timers = REAL_TIMERS,
  localDelayMs = LOCAL_DELAY_MS,
  /** A reply taken back did not happen: its "can't undo" entry leaves the history (undo.ts `forgetSent`). */
  forgetSent: (o: Outgoing) => void = () => undefined,
): OutboxActions {
  let seq = 0;
  const waits = new Map<number, unknown>();

  const drop = (id: number): void => {
    const t = waits.get(id);
    if (t !== undefined) timers.clearTimeout(t);
    waits.delete(id);
    core.set({ outgoing: core.get().outgoing.filter((o) => o.id !== id) });
  };
  const has = (id: number): boolean => core.get().outgoing.some((o) => o.id === id);
  const add = (o: Outgoing): void => core.set({ outgoing: [...core.get().outgoing, o] });

  /** After its time: the service is asked until it says sent or failed. */
  function watch(o: Outgoing, events: SendEvents, ms: number): void {
    waits.set(
      o.id,
      timers.setTimeout(() => {
        waits.delete(o.id);
        if (!has(o.id) || o.outboxId === null) return;
        core.client.outboxItem(o.outboxId).then(
          (item) => {
            if (!has(o.id)) return;
            if (item.State === 'sent') {
              drop(o.id);
              events.sent();
            } else if (item.State === 'failed') {
              drop(o.id);
              core.set({ lastError: `Reply not sent, kept as a draft: ${errorText(item.StateWords)}` });
              events.failed(new Error(item.StateWords));
            } else watch(o, events, WATCH_MS);
          },
          // Not reachable just now: asked again.
          () => watch(o, events, WATCH_MS * 3),
        );
      }, ms),
    );
  }

  async function sendReplyLater(s: Send, events: SendEvents): Promise<Outgoing | null> {
    if (core.client.offers('outbox') === false) {
      // No outbox on the server: held here, then sent.
      const o: Outgoing = { ...base(s), sendsAt: timers.now() + localDelayMs, outboxId: null };
      add(o);
      waits.set(
        o.id,
        timers.setTimeout(() => {
          waits.delete(o.id);
          if (!has(o.id)) return;
          drop(o.id);
          s.send().then(
            () => events.sent(),
            (e: unknown) => events.failed(e),
          );
        }, localDelayMs),
      );
      return o;
    }
    const answer = await s.send();
    if (answer?.OutboxId === undefined || answer.SendsAt === undefined) {
      events.sent();
      return null;
    }
    const sendsAt = Date.parse(answer.SendsAt);
    const o: Outgoing = { ...base(s), sendsAt, outboxId: answer.OutboxId };
    add(o);
    watch(o, events, Math.max(0, sendsAt - timers.now()) + 500);
    return o;
  }

  const base = (s: Send) => ({
    id: ++seq,
    cardId: s.cardId,
    to: s.to,
    typed: s.typed,
    ...(s.fields !== undefined ? { fields: s.fields } : {}),
  });

  async function takeBackReply(): Promise<TakeBack> {
    const o = core.get().outgoing.at(-1);
    if (o === undefined) return { cannot: 'No reply is waiting to go' };
    // Held here: never sent, so never in the history.
    if (o.outboxId === null) {
      drop(o.id);
      return { back: o };
    }
    try {
      await core.client.takeBackReply(o.outboxId);
    } catch (e) {
      return { cannot: errorText(e) };
    }
    drop(o.id);
    forgetSent(o);
    return { back: o };
  }

  return { sendReplyLater, takeBackReply };
}
