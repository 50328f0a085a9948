/**
 * `p` in the board list: the config file's profiles, the one in use first;
 * picking another closes this board and opens that server's (run.tsx).
 */
import { sanitize } from '../../text/sanitize.js';
import { askForProfile, profileNames } from '../profile-switch.js';
import type { Flow } from './flow.js';

/** `backend` names the profile in use first ("work · boards.example.com"), as the status bar shows it. */
export function switchProfile(f: Flow, backend: string, quit: () => void): void {
  const names = profileNames();
  if (names.length === 0)
    return f.notify('The config file has no "profiles" to switch to (inboard config path says where it is)');
  const current = names.find((n) => backend === n || backend.startsWith(`${n} · `)) ?? null;
  const key = f.overlays.show({
    kind: 'pick',
    title: 'Switch to the server of profile',
    items: names.map((n) => ({ value: n, label: n === current ? `${sanitize(n)} (in use)` : sanitize(n) })),
    initialIndex: 0,
    status: null,
    onCancel: () => f.overlays.close(key),
    onPick: (name) => {
      f.overlays.close(key);
      if (name === current) return f.notify(`Already on profile ${sanitize(name)}`);
      askForProfile(name);
      quit();
    },
  });
}
