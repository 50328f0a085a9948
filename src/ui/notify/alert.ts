/**
 * Config `notify`: a terminal bell and/or a desktop notification through
 * the terminal (OSC 9, OSC 777) when a notification comes — off by
 * default, never for the card open on screen, and at most one every 5 s
 * (a storm of them is one alert, its count said). Written to the terminal
 * itself, never into Ink's frame; inside tmux an OSC goes wrapped for
 * passthrough (the bell passes as is).
 */
import type { Notification } from '../../api/schema-notifications.js';
import { notificationCard, notificationWhat } from '../../text/notification-words.js';

export interface NotifySettings {
  bell: boolean;
  desktop: boolean;
}

/** The least time between two alerts. */
export const ALERT_GAP_MS = 5_000;

let settings: NotifySettings = { bell: false, desktop: false };

/** The config's `notify`, applied at start (run.tsx). */
export function applyNotify(s: NotifySettings): void {
  settings = s;
}

export const notifySettings = (): NotifySettings => settings;

/** OSC text carries no control characters, and no `;` where OSC 777 splits its fields. */
// eslint-disable-next-line no-control-regex -- removing them is the point
const oscText = (s: string): string => s.replace(/[\u0000-\u001f\u007f-\u009f;]/g, ' ').slice(0, 200);

const inTmux = (): boolean => (process.env.TMUX ?? '') !== '';

/** An OSC wrapped for tmux's passthrough: each ESC doubled inside `ESC P tmux; … ESC \`. */
const throughTmux = (seq: string): string => `\x1bPtmux;${seq.split('\x1b').join('\x1b\x1b')}\x1b\\`;

/** What to write for an alert saying `body` (the notification in words). */
export function alertBytes(s: NotifySettings, body: string, tmux = inTmux()): string {
  let out = s.bell ? '\x07' : '';
  if (s.desktop) {
    const text = oscText(body);
    const osc = `\x1b]9;${text}\x07\x1b]777;notify;inboard;${text}\x07`;
    out += tmux ? throughTmux(osc) : osc;
  }
  return out;
}

export interface Alerter {
  /** The newest notifications as read (newest first) and the card open on screen (null: none). */
  saw(items: readonly Notification[], openCard: string | null): void;
}

/**
 * Alerts for notifications newer than any seen before (the first list read
 * is only taken as seen: what was there before the board opened rings nothing).
 */
export function makeAlerter(write: (bytes: string) => void, now: () => number, get = notifySettings): Alerter {
  let newest: number | null = null;
  let last = -Infinity;
  return {
    saw(items, openCard) {
      const top = Math.max(newest ?? 0, ...items.map((n) => Number(n.Id)));
      const fresh =
        newest === null
          ? []
          : items.filter(
              (n) => !n.Read && Number(n.Id) > (newest ?? 0) && (n.CardId === null || n.CardId !== openCard),
            );
      newest = top;
      const s = get();
      if (fresh.length === 0 || (!s.bell && !s.desktop)) return;
      if (now() - last < ALERT_GAP_MS) return;
      last = now();
      const first = fresh[0];
      if (first === undefined) return;
      const body =
        fresh.length === 1
          ? `${notificationWhat(first)} — ${notificationCard(first)}`
          : `${fresh.length} new notifications — ${notificationWhat(first)}`;
      write(alertBytes(s, body));
    },
  };
}
