/**
 * Switching server without restarting (`p` in the board list): the config
 * file's profiles to pick from, and the one asked for, which run.tsx takes
 * once the app has closed to open the board again on that profile's server —
 * the same process and terminal, a new connection, store and screen.
 */
import { configFilePath } from '../config/paths.js';
import { readConfigFile } from '../config/resolve.js';

let asked: string | null = null;

/** The config file's profile names, in its order ([] without profiles or a readable file). */
export function profileNames(): string[] {
  try {
    return Object.keys(readConfigFile(configFilePath())?.profiles ?? {});
  } catch {
    return [];
  }
}

/** The app is about to close to reopen on `name`'s server. */
export function askForProfile(name: string): void {
  asked = name;
}

/** The profile asked for by the app that just closed, once; null when it just quit. */
export function takeAskedProfile(): string | null {
  const name = asked;
  asked = null;
  return name;
}
