/**
 * The member's notifications (`I`): who, what, the card and when, newest
 * first, a page at a time as the highlight nears the end; Enter opens the
 * card on its board (the jump `#` and search use, so `'` comes back) and
 * marks it read. One whose card is no longer theirs to see is said, and
 * marked read. A server without them is said once, on the status bar.
 */
import type { CardId } from '../../api/read-model.js';
import type { Notification } from '../../api/schema-notifications.js';
import type { BoardState } from '../../store/index.js';
import { notificationCard, notificationWhat } from '../../text/notification-words.js';
import { longDate } from '../card-meta.js';
import type { PickOverlay } from '../overlay.js';
import { why, type Flow } from './flow.js';

export const NOTIFICATIONS_NOT_OFFERED = 'Notifications are not offered by this server';

/** Rows from the end at which the next page is asked for. */
const AHEAD = 5;

export const notificationsUnavailable = (s: BoardState): string | null =>
  s.offers('notifications') === false || s.notifications.unsupported ? NOTIFICATIONS_NOT_OFFERED : null;

const label = (n: Notification): string =>
  `${n.Read ? ' ' : '•'} ${notificationWhat(n)} — ${notificationCard(n)} · ${longDate(n.At)}`;

/** `hidden`: whether the board's filter hides a card; `open`: the card's detail, once the cursor is on it. */
export function showNotifications(f: Flow, hidden: (cardId: CardId) => boolean, open: (cardId: CardId) => void): void {
  const store = f.store;
  void store.getState().loadNotifications();
  const close = (): void => {
    stop();
    f.overlays.close(key);
  };
  const build = (): PickOverlay => {
    const n = store.getState().notifications;
    const status =
      n.error !== null
        ? { text: `Couldn’t read your notifications: ${n.error}`, error: true }
        : !n.loading && n.items.length === 0
          ? { text: 'No notifications yet: you are told when mentioned, assigned, or answered on your cards.' }
          : null;
    return {
      kind: 'pick',
      title: `Notifications, newest first — ${n.unread ?? 0} unread`,
      items: n.items.map((x) => ({ value: x.Id, label: label(x), dim: x.Read })),
      loading: n.loading && n.items.length === 0,
      status,
      help: 'Enter open the card (and mark it read) · Esc close',
      onCancel: close,
      onRetry: () => void store.getState().loadNotifications(),
      onHighlight: (index, rows) => {
        const now = store.getState().notifications;
        if (index >= rows - AHEAD && now.next !== null && now.error === null) void store.getState().moreNotifications();
      },
      onPick: (id) => {
        const chosen = store.getState().notifications.items.find((x) => x.Id === id);
        if (chosen === undefined) return;
        close();
        pick(f, chosen, hidden, open);
      },
    };
  };
  const key = f.overlays.show(build());
  const stop = store.subscribe((s, before) => {
    if (s.notifications === before.notifications) return;
    if (s.notifications.unsupported) {
      close();
      f.notify(NOTIFICATIONS_NOT_OFFERED);
      return;
    }
    f.overlays.update(key, build());
  });
}

function pick(f: Flow, n: Notification, hidden: (cardId: CardId) => boolean, open: (cardId: CardId) => void): void {
  const s = f.store.getState();
  if (!n.Read) void s.markNotificationRead(n.Id).catch((e: unknown) => f.notify(why(e)));
  const cardId = n.CardId;
  if (cardId === null) return f.notify(`${notificationWhat(n)} — ${notificationCard(n)}`);
  void s.jumpToCard(cardId, { hidden }).then(
    (out) => (out.found ? open(cardId) : f.notify(out.message)),
    (e: unknown) => f.notify(why(e)),
  );
}
