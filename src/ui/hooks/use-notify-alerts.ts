/**
 * Rings the config's `notify` alerts (notify/alert.ts) as the store reads
 * new notifications, straight to the terminal, never into Ink's frame.
 */
import { useEffect } from 'react';
import type { BoardStore } from '../../store/index.js';
import { makeAlerter, notifySettings } from '../notify/alert.js';

export function useNotifyAlerts(store: BoardStore): void {
  useEffect(() => {
    const s = notifySettings();
    if (!s.bell && !s.desktop) return;
    const alerter = makeAlerter((bytes) => void process.stdout.write(bytes), Date.now);
    return store.subscribe((now, before) => {
      if (now.notifications.items === before.notifications.items) return;
      alerter.saw(now.notifications.items, now.detail?.cardId ?? null);
    });
  }, [store]);
}
