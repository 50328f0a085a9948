/**
 * Navigation between the screens — the board list, the board, a card's
 * detail, triage (use-triage.ts) — and the `?` help over whichever is shown;
 * the detail's scroll and selected item go with the detail. The screen and the selection
 * are read by key handlers through refs (useLatestState): a key right after
 * the one that switched sees the new screen before React draws it.
 */
import { useCallback, useState, type MutableRefObject } from 'react';
import type { BoardStore } from '../../store/index.js';
import type { DetailSel } from '../detail-selection.js';
import type { BoardFilter } from '../filter.js';
import { markReadOnOpen as markRead } from '../flows/read-flows.js';
import type { Scope } from '../keymap.js';
import type { ScreenKeys } from '../keys/context.js';
import type { Triage } from '../triage.js';
import type { KeyRouter } from './use-key-router.js';
import { useLatestState } from './use-latest-state.js';
import { useTriage } from './use-triage.js';

export type Screen = 'picker' | 'board' | 'detail' | 'triage';

export interface UseNavigation {
  store: BoardStore;
  router: KeyRouter;
  /** The screen shown first. */
  initial: Screen;
  /** Opening a card's detail (or showing it in triage) marks it read (config `markReadOnOpen`). */
  markReadOnOpen: boolean;
  /** The board filter as the last key left it: triage walks its matches. */
  filter: () => BoardFilter | null;
  /** How long a card must have been on screen before a key may move it (keys/context.ts REACTION_MS). */
  reactionMs: number;
}

export interface Navigation {
  /** The screen this render draws. */
  screen: Screen;
  /** The screen as the previous key left it, drawn or not (for key handlers). */
  screenNow: MutableRefObject<Screen>;
  /** Into or out of the board list; keys typed after it wait until it is drawn. */
  goTo: (next: Screen) => void;
  /** Triage under way, as this render draws it. */
  triage: Triage | null;
  /** A board picked from the list; the same function on every render. */
  openBoard: (id: number) => void;
  /** The keymap scope the `?` help lists, or null while it is closed. */
  help: Scope | null;
  openHelp: (scope: Scope) => void;
  closeHelp: () => void;
  /** The detail's scroll (lines) and selected note, comment or sub-task, as drawn. */
  scroll: number;
  detailSel: DetailSel | null;
  /** What the screens' key handlers move between screens with (keys/context.ts). */
  keys: Pick<
    ScreenKeys,
    'openDetail' | 'closeDetail' | 'detailSel' | 'setDetailSel' | 'scrollBy' | 'showBoardList' | 'triage'
  >;
}

export function useNavigation(o: UseNavigation): Navigation {
  const { store, router, initial, markReadOnOpen } = o;
  const [screen, setScreen, screenNow] = useLatestState<Screen>(initial);
  const [help, setHelp] = useState<Scope | null>(null);
  const [scroll, setScroll] = useState(0);
  // Key handlers read the selection through its ref: a key right after the
  // one that changed it (same read, or before React renders) sees the change.
  const [detailSel, setDetailSel, detailSelNow] = useLatestState<DetailSel | null>(null);

  // Into or out of the board list, whose picker takes keys through the
  // router: keys typed after the one that switches wait until it is drawn
  // (`b j ⏎` walks the list; Enter then `j` walks the board opened).
  const goTo = (next: Screen): void => {
    if (screenNow.current === next) return;
    router.expectChange();
    setScreen(next);
  };
  // The help takes keys once drawn, and gives them back once gone: keys
  // typed meanwhile wait (`?` then Esc then j in one read walk what was open).
  const openHelp = useCallback(
    (scope: Scope) => {
      router.expectChange();
      setHelp(scope);
    },
    [router],
  );
  const closeHelp = useCallback(() => {
    router.expectChange();
    setHelp(null);
  }, [router]);

  const openBoard = useCallback(
    (id: number) => {
      goTo('board');
      // Picked from the list, even the open board starts unfiltered.
      store.getState().setFilter(null);
      if (id !== store.getState().boardId)
        void store
          .getState()
          .openBoard(id)
          .catch(() => undefined);
    },
    // goTo reads the screen through its ref: the same function in effect on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store],
  );

  const triage = useTriage({
    store,
    filter: o.filter,
    markRead: markReadOnOpen,
    reactionMs: o.reactionMs,
    onScreen: (on) => setScreen(on ? 'triage' : 'board'),
  });

  return {
    screen,
    screenNow,
    goTo,
    triage: triage.triage,
    openBoard,
    help,
    openHelp,
    closeHelp,
    scroll,
    detailSel,
    keys: {
      openDetail: (id) => {
        setScroll(0);
        setDetailSel(null);
        setScreen('detail');
        void store
          .getState()
          .openCard(id)
          .catch(() => undefined);
        if (markReadOnOpen) markRead(store, id);
      },
      closeDetail: () => {
        store.getState().closeCard();
        setDetailSel(null);
        setScreen('board');
      },
      detailSel: () => detailSelNow.current,
      setDetailSel,
      scrollBy: (d) => setScroll((v) => Math.max(0, v + d)),
      showBoardList: () => {
        goTo('picker');
        void store
          .getState()
          .loadBoards()
          .catch(() => undefined);
      },
      triage: triage.host,
    },
  };
}
