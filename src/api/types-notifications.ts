/**
 * The client's notification operations (extension `notifications`,
 * schema-notifications.ts), part of `Client` (types.ts), which gives its own
 * call options as `O`.
 */
import type { NotificationPage, NotificationsAsk, NotificationsRead } from './schema-notifications.js';

export interface NotificationOperations<O> {
  /** Extension `notifications`: GET /v2/notifications, the key's member's, newest first, paged by `before`. */
  listNotifications(ask: NotificationsAsk, o?: O): Promise<NotificationPage>;
  /** Extension `notifications`: POST /v2/notifications/:id/read. */
  readNotification(id: string, o?: O): Promise<NotificationsRead>;
  /** Extension `notifications`: POST /v2/notifications/read-all. */
  readAllNotifications(o?: O): Promise<NotificationsRead>;
}
