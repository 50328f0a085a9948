/**
 * The member's notifications (the `notifications` extension): how many are
 * unread (the header's count) and the newest page, read again whenever the
 * member's event stream says theirs changed (events.ts). A load never
 * rejects: a failure lands in `error`, a server without the extension in
 * `unsupported`. Marking one read answers in the server's words.
 */
import type { Notification } from '../api/schema-notifications.js';
import type { Core } from './core.js';
import { errorText } from './status.js';

/** How many the list reads at a time: the newest first, more on asking. */
export const NOTIFICATIONS_PAGE = 50;

export interface NotificationsState {
  /** Unread in all; null before the first answer. */
  readonly unread: number | null;
  /** The newest pages read, newest first. */
  readonly items: readonly Notification[];
  /** Where the next page starts; null when all are read. */
  readonly next: string | null;
  readonly loading: boolean;
  readonly error: string | null;
  readonly unsupported: boolean;
}

export interface NotificationsData {
  notifications: NotificationsState;
}

export interface NotificationsActions {
  /** The unread count and the newest page, read afresh (start, and each time the stream says they changed). */
  loadNotifications(): Promise<void>;
  /** The next page, older ones, after those listed. */
  moreNotifications(): Promise<void>;
  /** Marks one read; rejects in the server's words. */
  markNotificationRead(id: string): Promise<void>;
}

export const NO_NOTIFICATIONS: NotificationsState = {
  unread: null,
  items: [],
  next: null,
  loading: false,
  error: null,
  unsupported: false,
};

export function makeNotifications(core: Core<NotificationsData>): NotificationsActions {
  let run = 0;
  const patch = (p: Partial<NotificationsState>): void =>
    core.set({ notifications: { ...core.get().notifications, ...p } });
  const offered = () => core.client.offers('notifications') !== false;
  return {
    async loadNotifications() {
      if (!offered()) return patch({ unsupported: true });
      const mine = ++run;
      patch({ loading: true });
      try {
        const page = await core.client.listNotifications({ limit: NOTIFICATIONS_PAGE });
        if (mine === run)
          patch({ unread: page.Unread, items: page.Items, next: page.Next, loading: false, error: null });
      } catch (e) {
        if (mine !== run) return;
        patch(offered() ? { loading: false, error: errorText(e) } : { loading: false, unsupported: true });
      }
    },
    async moreNotifications() {
      const { next, items } = core.get().notifications;
      if (next === null || !offered()) return;
      const mine = ++run;
      try {
        const page = await core.client.listNotifications({ limit: NOTIFICATIONS_PAGE, before: next });
        if (mine === run) patch({ unread: page.Unread, items: [...items, ...page.Items], next: page.Next });
      } catch (e) {
        if (mine === run) patch({ error: errorText(e) });
      }
    },
    async markNotificationRead(id) {
      const r = await core.client.readNotification(id);
      const s = core.get().notifications;
      patch({ unread: r.Unread, items: s.items.map((n) => (n.Id === id ? { ...n, Read: true } : n)) });
    },
  };
}
