/** Where inboard keeps its files (XDG on Linux, the platform's dirs elsewhere). */
import envPaths from 'env-paths';
import { join } from 'node:path';

const paths = envPaths('inboard', { suffix: '' });

/** INBOARD_DATA_DIR / INBOARD_CONFIG_DIR override, for tests and portable setups. */
export const dataDir = (): string => process.env.INBOARD_DATA_DIR ?? paths.data;
export const configDir = (): string => process.env.INBOARD_CONFIG_DIR ?? paths.config;

/** The embedded service's database and the default of `inboard serve --db`. */
export const defaultDbPath = (): string => join(dataDir(), 'inboard.db');
/** The embedded service's owner key (mode 0600). */
export const embeddedKeyPath = (): string => join(dataDir(), 'embedded.key');
/** flags > env > this file: `{ "url": "...", "apiKey": "...", "insecure": false }`. */
export const configFilePath = (): string => join(configDir(), 'config.json');
