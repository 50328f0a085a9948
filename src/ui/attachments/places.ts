/**
 * Where the board puts an attachment: saved, into the config's
 * `downloadDir` (default ~/Downloads; set once at start by run.tsx); opened,
 * as a private copy (a 0600 file in a 0700 folder under the OS's temp
 * folder, made on first use and removed when inboard exits) handed to the
 * system's opener: `$INBOARD_OPENER`, else xdg-open (open on macOS).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeNewFile } from '../../text/file-name.js';

let downloads: string | null = null;

/** The config's `downloadDir` (`~` and `~/…` are the home folder); undefined: ~/Downloads. */
export function applyDownloadDir(dir: string | undefined): void {
  downloads = dir === undefined || dir.trim() === '' ? null : expandHome(dir.trim());
}

export const expandHome = (p: string): string =>
  p === '~' ? homedir() : p.startsWith('~/') ? join(homedir(), p.slice(2)) : resolve(p);

export const downloadDir = (): string => downloads ?? join(homedir(), 'Downloads');

/** Saves into downloadDir (made when missing), never over a file; resolves to the path written. */
export async function saveDownload(name: string, bytes: Uint8Array): Promise<string> {
  const dir = downloadDir();
  mkdirSync(dir, { recursive: true });
  return writeNewFile(dir, name, bytes);
}

let privateDir: string | null = null;

/** This run's private folder (0700), removed when the process exits. */
function ownFolder(): string {
  if (privateDir !== null) return privateDir;
  const dir = mkdtempSync(join(tmpdir(), 'inboard-attachments-'));
  privateDir = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Where the private copies go, once one was made (tests look). */
export const privateFolder = (): string | null => privateDir;

/** A private copy (0600) of the bytes, for the opener; resolves to its path. */
export function privateCopy(name: string, bytes: Uint8Array): Promise<string> {
  return writeNewFile(ownFolder(), name, bytes, 0o600);
}

/** The opener's command: `$INBOARD_OPENER` (words split at spaces), else the system's. */
export function openerCommand(env: NodeJS.ProcessEnv = process.env): string[] {
  const own = env.INBOARD_OPENER?.trim();
  if (own !== undefined && own !== '') return own.split(/\s+/);
  return [process.platform === 'darwin' ? 'open' : 'xdg-open'];
}

/**
 * Starts the opener on `path`, detached from the terminal (the board keeps
 * the screen). Resolves once it started, rejects in words when it could not.
 */
export function openWith(path: string): Promise<string> {
  const [cmd = 'xdg-open', ...args] = openerCommand();
  return new Promise((done, fail) => {
    const child = spawn(cmd, [...args, path], { stdio: 'ignore', detached: true });
    child.once('error', (e: NodeJS.ErrnoException) =>
      fail(
        new Error(
          e.code === 'ENOENT'
            ? `${cmd} was not found: set INBOARD_OPENER to the program that opens files`
            : `${cmd} could not start: ${e.message}`,
        ),
      ),
    );
    child.once('spawn', () => {
      child.unref();
      done(cmd);
    });
  });
}
