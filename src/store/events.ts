/**
 * The open board kept live: while a board is open the store follows the
 * server's events for it (the `events` extension) and reads the board again
 * when a teammate changed something, through the usual refresh — so their
 * change is marked as others' (`markedChanged`) and pending changes of the
 * user's own stay on top (the mutation protocol). The open card detail and
 * its thread are read again with it (follow-open.ts). A server without events
 * leaves the board to the periodic refresh.
 */
import type { CardId } from '../api/read-model.js';
import type { LiveEvent } from '../api/schema-events.js';
import type { DetailData } from './card-detail.js';
import type { Core, CoreData } from './core.js';
import type { MeData } from './me.js';

export interface LiveData {
  /**
   * How the open board learns of others' changes: 'live' while the stream is
   * open, 'connecting' before and between, 'polling' on a server without
   * events (the periodic refresh only); null with live events off or no board.
   */
  live: 'live' | 'connecting' | 'polling' | null;
  /**
   * Who last changed a card, as the server's event named them (an email,
   * unsanitised), and when it arrived: the detail says it, as the row's `*`
   * says only that someone else did.
   */
  changedBy: ReadonlyMap<CardId, { by: string; at: number }>;
}

export interface LiveActions {
  /** Stops following events for good (the app is closing). */
  stopLive(): void;
}

interface Deps {
  refresh(): Promise<void>;
  /** The boards list read again: a board renamed, its members changed. */
  loadBoards(): Promise<void>;
  /** The open board was archived by someone else: close it, saying by whom. */
  boardGone(by: string): void;
  loadMe(): Promise<void>;
  /** Who is on the board's cards, read again (a `presence` event; the stream opened). */
  loadPresence(): Promise<void>;
  /** The member's notifications, read again (a `notification` event — theirs, whatever the board; the stream opened). */
  loadNotifications(): Promise<void>;
  /** Hears every change of the store's state. */
  watch(listener: () => void): () => void;
}

export function makeLive(core: Core<CoreData & LiveData & MeData & DetailData>, deps: Deps): LiveActions {
  let following: { boardId: number; stop: AbortController } | null = null;
  let stopped = false;
  let refreshing: Promise<void> | null = null;
  let again = false;

  /** One refresh at a time; events during one ask for one more after it, not one each. */
  function refreshSoon(): void {
    if (refreshing !== null) {
      again = true;
      return;
    }
    refreshing = (async () => {
      do {
        again = false;
        await deps.refresh();
      } while (again && !stopped);
    })().finally(() => (refreshing = null));
  }

  const mine = (by: string): boolean => {
    const email = core.get().me?.email;
    return email !== null && email !== undefined && email.toLowerCase() === by.toLowerCase();
  };

  function onEvent(boardId: number, e: LiveEvent): void {
    if (stopped || core.get().boardId !== boardId) return;
    if (e.type === 'open') {
      if (core.get().live !== 'live') core.set({ live: 'live' });
      void deps.loadPresence();
      void deps.loadNotifications();
      return;
    }
    if (e.type === 'change' && e.Kind === 'notification') return void deps.loadNotifications();
    // Someone opened or left a card, or began or stopped a reply: nothing on the board changed.
    if (e.type === 'change' && e.Kind === 'presence') return void deps.loadPresence();
    if (e.type === 'reload') {
      void deps.loadNotifications();
      return refreshSoon();
    }
    // The user's own writes are already on screen through the mutation protocol.
    if (e.BoardId !== boardId || mine(e.By)) return;
    if (e.Kind === 'board-archived') return deps.boardGone(e.By);
    // The name and the members (whom cards can be assigned to) are in the boards list.
    if (e.Kind === 'board') void deps.loadBoards();
    if (e.CardId !== null && e.By !== '') {
      const by = new Map(core.get().changedBy);
      by.set(e.CardId, { by: e.By, at: Date.now() });
      core.set({ changedBy: by });
    }
    // The refresh reads the open detail again after the board (follow-open.ts), so
    // it shows the card's column as the board now lists it.
    refreshSoon();
  }

  function follow(boardId: number): void {
    const stop = new AbortController();
    following = { boardId, stop };
    core.set({ live: 'connecting' });
    // Whose writes are whose: asked once, before the first event can need it.
    void deps
      .loadMe()
      .then(() => core.client.subscribeEvents(boardId, (e) => onEvent(boardId, e), stop.signal))
      .catch(() => {
        // Not offered, or refused for good: the periodic refresh is what is left.
        if (following?.stop === stop) core.set({ live: 'polling' });
      });
  }

  function sync(): void {
    const boardId = core.get().boardId;
    if (stopped || (following?.boardId ?? null) === boardId) return;
    following?.stop.abort();
    following = null;
    if (boardId !== null) follow(boardId);
    else if (core.get().live !== null) core.set({ live: null });
  }

  const unwatch = deps.watch(sync);

  return {
    stopLive() {
      stopped = true;
      unwatch();
      following?.stop.abort();
      following = null;
    },
  };
}
