/**
 * A board's cards set aside — archived (`A`), snoozed (`z`) — as a picker
 * over the store's list of them: it opens at once ("loading" until the rows
 * come, keys typed meanwhile waiting for them), follows the list as it loads,
 * says a server without the list once on the status bar, and Enter acts on
 * the highlighted card.
 */
import type { Card, Unreadable } from '../../api/read-model.js';
import { isUnreadable } from '../../api/read-model.js';
import type { BoardState } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import type { PickOverlay } from '../overlay.js';
import type { PickItem } from '../prompts/types.js';
import type { Flow } from './flow.js';

/** What every such list in the store has. */
export interface SetAsideList<Row extends Card> {
  readonly items: readonly (Row | Unreadable)[];
  readonly loading: boolean;
  readonly error: string | null;
  readonly unsupported: boolean;
}

export interface CardListSpec<Row extends Card, L extends SetAsideList<Row>> {
  title: string;
  /** "archived cards": in "Couldn’t load the …" and "No … on this board." */
  what: string;
  /** What Enter does to a card: "restore", "bring back". */
  verb: string;
  list: (s: BoardState) => L;
  /** Asks for the list (before it shows, so it is "loading" from its first frame). */
  load: () => void;
  retry: (l: L) => void;
  /** The row's words after its title (its column, when it was set aside or comes back). */
  describe: (row: Row, s: BoardState) => string[];
  /** Whether the picker says "loading" (default: while the list loads). */
  loading?: (l: L) => boolean;
  /** A status line of the list's own before the common ones ("loading more…"). */
  status?: (l: L) => { text: string; error?: boolean } | null;
  onHighlight?: (index: number, rows: number) => void;
  notOffered: string;
  act: (f: Flow, row: Row) => void;
}

const valueOf = (row: Card | Unreadable, i: number): string =>
  isUnreadable(row) ? `unreadable:${i}` : `card:${row.ServiceTaskId}`;

export function showCardList<Row extends Card, L extends SetAsideList<Row>>(f: Flow, spec: CardListSpec<Row, L>): void {
  const store = f.store;
  spec.load();
  let stop = (): void => undefined;
  const close = (): void => {
    stop();
    f.overlays.close(key);
  };
  const items = (s: BoardState): PickItem[] =>
    spec.list(s).items.map((row, i) =>
      isUnreadable(row)
        ? {
            value: valueOf(row, i),
            label: sanitize(`${row.rawId ?? '(no id)'} — unreadable: ${row.unreadable}`),
            dim: true,
          }
        : { value: valueOf(row, i), label: [sanitize(row.TaskName), ...spec.describe(row, s)].join(' · ') },
    );
  const status = (l: L): { text: string; error?: boolean } | null => {
    if (l.error !== null) return { text: `Couldn’t load the ${spec.what}: ${l.error}`, error: true };
    const own = spec.status?.(l) ?? null;
    if (own !== null) return own;
    if (!l.loading && l.items.length === 0) return { text: `No ${spec.what} on this board.` };
    return null;
  };
  const build = (): PickOverlay => {
    const s = store.getState();
    const l = spec.list(s);
    return {
      kind: 'pick',
      title: spec.title,
      items: items(s),
      loading: spec.loading?.(l) ?? l.loading,
      status: status(l),
      help: `${l.error !== null ? 'r retry · ' : ''}Enter ${spec.verb} · Esc close`,
      onCancel: close,
      onRetry: () => spec.retry(spec.list(store.getState())),
      ...(spec.onHighlight !== undefined ? { onHighlight: spec.onHighlight } : {}),
      onPick: (value) => {
        const row = spec.list(store.getState()).items.find((r, i) => valueOf(r, i) === value);
        if (row === undefined || isUnreadable(row)) {
          f.overlays.update(key, {
            status: { text: `This row could not be read: there is no card to ${spec.verb}`, error: true },
          });
          return;
        }
        close();
        spec.act(f, row);
      },
    };
  };
  const key = f.overlays.show(build());
  stop = store.subscribe((s, before) => {
    if (spec.list(s) === spec.list(before)) return;
    if (spec.list(s).unsupported) {
      close();
      f.notify(spec.notOffered);
      return;
    }
    f.overlays.update(key, build());
  });
}
