/**
 * Where the service is and which key to use: flag > environment
 * (INBOARD_URL, INBOARD_API_KEY) > config file. No URL anywhere means the
 * embedded local service. Every error names where the bad value came from,
 * and none of them prints the key. The board's own settings (your email,
 * marking read on opening) resolve the same way: resolveBoardSettings.
 */
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { checkConfigText } from './check.js';
import { applyProfile, ProfileError, type ProfileView } from './profiles.js';
import type { UserCommand } from './command-schema.js';
import type { ConfigFile } from './file-schema.js';
import { checkServiceUrl } from './loopback.js';
import { configFilePath } from './paths.js';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface ConfigFlags {
  url?: string | undefined;
  apiKey?: string | undefined;
  insecure?: boolean | undefined;
  /** `--email`: whose cards `assignee:me` filters. */
  email?: string | undefined;
  /** `--no-mark-read`: opening a card leaves it unread. */
  noMarkRead?: boolean | undefined;
  /** `--profile NAME`: one of the config file's "profiles". */
  profile?: string | undefined;
}

export { ConfigFileSchema, type ConfigFile } from './file-schema.js';

export type ConfigSource = 'flag' | 'env' | 'file';

/**
 * Where the API key in use came from, with the file when it was one: what a
 * refused key's message names, so the user knows which key to replace.
 */
export type KeySource =
  { from: 'flag' } | { from: 'env' } | { from: 'file'; path: string } | { from: 'embedded'; path: string };

export type ResolvedConfig =
  | {
      mode: 'remote';
      url: string;
      apiKey: string;
      insecure: boolean;
      /** Where each value came from, for `--help`-style diagnostics and error messages. */
      source: { url: ConfigSource; apiKey: ConfigSource };
      keySource: KeySource;
      /** The config file's profile in use, or null. */
      profile: string | null;
    }
  | { mode: 'embedded'; profile: string | null };

/** The config file's settings; null when there is no file. Invalid content is a ConfigError naming the file. */
export function readConfigFile(path: string = configFilePath()): ConfigFile | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ENOENT') return null;
    throw new ConfigError(`Cannot read the config file ${path}: ${(e as Error).message}`);
  }
  const r = checkConfigText(text);
  if (!r.ok) {
    throw new ConfigError(
      `The config file ${path} ${r.problems.length === 1 ? 'has a problem' : `has ${r.problems.length} problems`}:\n` +
        r.problems.map((p) => `  ${p}`).join('\n') +
        `\n(\`inboard config check\` checks it again; the settings are in \`inboard config schema\`)`,
    );
  }
  const data = r.config;
  // A key in a world-readable file is as good as published: tighten it as we read it.
  if (data.apiKey && process.platform !== 'win32') {
    try {
      if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
    } catch {
      // Not our file to change (another owner): reading it still works.
    }
  }
  return data;
}

const present = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

function pick(
  flag: string | undefined,
  env: string | undefined,
  file: string | undefined,
): { value: string; source: ConfigSource } | undefined {
  if (present(flag)) return { value: flag.trim(), source: 'flag' };
  if (present(env)) return { value: env.trim(), source: 'env' };
  if (present(file)) return { value: file.trim(), source: 'file' };
  return undefined;
}

export interface ResolveInput {
  flags?: ConfigFlags;
  env?: Record<string, string | undefined>;
  /** Already-read file settings (null: no file); read from `filePath` when undefined. */
  file?: ConfigFile | null;
  filePath?: string;
}

/** The file with the chosen profile applied (profiles.ts); a missing profile is a ConfigError. */
function profileView(
  input: ResolveInput,
  flags: ConfigFlags,
  env: Record<string, string | undefined>,
  filePath: string,
): ProfileView {
  const file = input.file !== undefined ? input.file : readConfigFile(filePath);
  try {
    return applyProfile(file, filePath, { flag: flags.profile, env: env.INBOARD_PROFILE });
  } catch (e) {
    if (e instanceof ProfileError) throw new ConfigError(e.message);
    throw e;
  }
}

export function resolveConfig(input: ResolveInput = {}): ResolvedConfig {
  const flags = input.flags ?? {};
  const env = input.env ?? process.env;
  const filePath = input.filePath ?? configFilePath();
  const { file, profile, keyFile } = profileView(input, flags, env, filePath);
  const fileSays = profile === null ? `the config file ${filePath}` : `the profile "${profile}" of ${filePath}`;
  const named = (s: ConfigSource, what: 'url' | 'key') =>
    s === 'flag'
      ? what === 'url'
        ? '--url'
        : '--api-key'
      : s === 'env'
        ? what === 'url'
          ? 'INBOARD_URL'
          : 'INBOARD_API_KEY'
        : fileSays;

  const url = pick(flags.url, env.INBOARD_URL, file?.url);
  if (!url) return { mode: 'embedded', profile };

  const apiKey = pick(flags.apiKey, env.INBOARD_API_KEY, file?.apiKey);
  if (!apiKey) {
    throw new ConfigError(
      `A service URL is set (${named(url.source, 'url')}) but no API key: ` +
        `set INBOARD_API_KEY or add "apiKey" to ${fileSays}.`,
    );
  }
  // The file's "insecure" vouches for the file's URL only, not for one given elsewhere.
  const insecure = flags.insecure === true || (url.source === 'file' && file?.insecure === true);
  try {
    checkServiceUrl(url.value, insecure);
  } catch (e) {
    throw new ConfigError(`${(e as Error).message} (URL from ${named(url.source, 'url')})`);
  }
  return {
    mode: 'remote',
    url: url.value.replace(/\/+$/, ''),
    apiKey: apiKey.value,
    insecure,
    source: { url: url.source, apiKey: apiKey.source },
    keySource: apiKey.source === 'file' ? { from: 'file', path: keyFile ?? filePath } : { from: apiKey.source },
    profile,
  };
}

/** The board's settings besides the connection. */
export interface BoardSettings {
  /** Your email, for `assignee:me`; null when none is configured (the store then asks the server, GET /v2/me). */
  email: string | null;
  /** Opening a card's detail marks it read. */
  markReadOnOpen: boolean;
  /** The config's `"notify"`: a bell and/or a desktop notification for a new notification (both off by default). */
  notify: { bell: boolean; desktop: boolean };
  /** The config's `"keys"`, as written (the keymap checks them), with the file they came from. */
  keys: { path: string; map: Record<string, string[]> } | null;
  /** The config's `"theme"` and `"colors"` (src/ui/theme.ts). */
  theme: Pick<ConfigFile, 'theme' | 'colors'>;
  /** The config's saved views, name → filter (src/ui/views.ts). */
  views: Record<string, string>;
  /** The config's `"commands"` (src/ui/user-commands/), with the file they came from; null when it has none. */
  commands: { path: string; list: UserCommand[] } | null;
  /** The config's `"downloadDir"` as written (src/ui/attachments/places.ts); undefined: ~/Downloads. */
  downloadDir: string | undefined;
  /** The config's `"signature"` (its `{{…}}` checked with the file, check.ts; unfilled); null when it has none. */
  signature: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const YES = new Set(['1', 'true', 'yes', 'on']);
const NO = new Set(['0', 'false', 'no', 'off']);

/**
 * Flag > environment > config file, as for the connection:
 * email from `--email`, INBOARD_EMAIL, `"email"`; marking read from
 * `--no-mark-read`, INBOARD_MARK_READ (1/0), `"markReadOnOpen"` (default on).
 */
export function resolveBoardSettings(input: ResolveInput = {}): BoardSettings {
  const flags = input.flags ?? {};
  const env = input.env ?? process.env;
  const filePath = input.filePath ?? configFilePath();
  const { file } = profileView(input, flags, env, filePath);

  const email = pick(flags.email, env.INBOARD_EMAIL, file?.email);
  if (email !== undefined && !EMAIL.test(email.value)) {
    const from =
      email.source === 'flag'
        ? '--email'
        : email.source === 'env'
          ? 'INBOARD_EMAIL'
          : `"email" in the config file ${filePath}`;
    throw new ConfigError(`${from} takes an email address like you@example.com, got '${email.value}'`);
  }

  let markReadOnOpen = file?.markReadOnOpen ?? true;
  const envMark = env.INBOARD_MARK_READ?.trim().toLowerCase();
  if (envMark !== undefined && envMark !== '') {
    if (YES.has(envMark)) markReadOnOpen = true;
    else if (NO.has(envMark)) markReadOnOpen = false;
    else
      throw new ConfigError(
        `INBOARD_MARK_READ takes 1 (opening a card marks it read) or 0 (it stays unread), got '${env.INBOARD_MARK_READ ?? ''}'`,
      );
  }
  if (flags.noMarkRead === true) markReadOnOpen = false;
  const keys = file?.keys === undefined ? null : { path: filePath, map: file.keys };
  const signature = file?.signature?.trim() === '' ? null : (file?.signature ?? null);
  return {
    email: email?.value ?? null,
    markReadOnOpen,
    notify: { bell: file?.notify?.bell ?? false, desktop: file?.notify?.desktop ?? false },
    keys,
    theme: { theme: file?.theme, colors: file?.colors },
    views: file?.views ?? {},
    commands: file?.commands === undefined ? null : { path: filePath, list: file.commands },
    downloadDir: file?.downloadDir,
    signature,
  };
}
