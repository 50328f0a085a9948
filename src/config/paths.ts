/** Where inboard keeps its files (XDG on Linux, the platform's dirs elsewhere). */
import envPaths from 'env-paths';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

const paths = envPaths('inboard', { suffix: '' });

/** INBOARD_DATA_DIR / INBOARD_CONFIG_DIR override, for tests and portable setups. */
export const dataDir = (): string => process.env.INBOARD_DATA_DIR ?? paths.data;
export const configDir = (): string => process.env.INBOARD_CONFIG_DIR ?? paths.config;
/** What can be thrown away and made again (the board's code cache); INBOARD_CACHE_DIR overrides. */
export const cacheDir = (): string => process.env.INBOARD_CACHE_DIR || paths.cache;

/** The embedded service's database and the default of `inboard serve --db`. */
export const defaultDbPath = (): string => join(dataDir(), 'inboard.db');
/** The embedded service's owner key (mode 0600). */
export const embeddedKeyPath = (): string => join(dataDir(), 'embedded.key');
/** flags > env > this file: `{ "url": "...", "apiKey": "...", "insecure": false }`. */
export const configFilePath = (): string => join(configDir(), 'config.json');

/**
 * What outlives a run but is no config or data (drafts): INBOARD_STATE_DIR,
 * else $XDG_STATE_HOME/inboard (absolute only, as XDG says), else
 * ~/.local/state/inboard; on macOS and Windows, which have no state dir,
 * the data dir.
 */
export function stateDir(): string {
  const own = process.env.INBOARD_STATE_DIR;
  if (own !== undefined && own !== '') return own;
  if (process.platform === 'darwin' || process.platform === 'win32') return paths.data;
  const xdg = process.env.XDG_STATE_HOME;
  return xdg !== undefined && isAbsolute(xdg) ? join(xdg, 'inboard') : join(homedir(), '.local', 'state', 'inboard');
}

/**
 * The key mailbox passwords are sealed with (server/secrets.ts):
 * INBOARD_SECRET_FILE, else beside a SQLite file (`inboard.db.secret`), else
 * (PostgreSQL) in the data dir — every instance of a team server must be
 * given the same file.
 */
export function secretFilePath(db: string): string {
  const own = process.env.INBOARD_SECRET_FILE;
  if (own !== undefined && own !== '') return own;
  if (/^postgres(ql)?:\/\//i.test(db.trim())) return join(dataDir(), 'mailbox-secret.key');
  return `${db}.secret`;
}
