/**
 * The member's notifications (schema-notifications.ts), extension
 * `notifications`: a server without them (DragApp) is asked once, then
 * refused at once, in words.
 */
import type { Endpoints } from '../operations.js';
import { NotificationPage, NotificationsRead } from '../schema-notifications.js';
import { seg } from '../wire.js';

export const notificationEndpoints: Endpoints<'listNotifications' | 'readNotification' | 'readAllNotifications'> = {
  listNotifications: (w, ask, o) => {
    const path = '/v2/notifications';
    const query = {
      ...(ask.unread === true ? { unread: 'true' } : {}),
      ...(ask.limit !== undefined ? { limit: String(ask.limit) } : {}),
      ...(ask.before !== undefined && ask.before !== null ? { before: ask.before } : {}),
    };
    return w.extension('notifications', 'GET', path, () => w.env(NotificationPage, 'GET', path, { query, o }));
  },
  readNotification: (w, id, o) => {
    const path = `/v2/notifications/${seg(id)}/read`;
    return w.extension('notifications', 'POST', path, async () =>
      NotificationsRead.parse(await w.change('POST', path, { body: {}, o })),
    );
  },
  readAllNotifications: (w, o) => {
    const path = '/v2/notifications/read-all';
    return w.extension('notifications', 'POST', path, async () =>
      NotificationsRead.parse(await w.change('POST', path, { body: {}, o })),
    );
  },
};
