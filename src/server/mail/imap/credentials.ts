/**
 * How a mailbox logs in: a password, or an OAuth2 access token (XOAUTH2)
 * read from a file or printed by a command each time it connects (tokens
 * expire; the command refreshes them). Kept sealed in the database
 * (secrets.ts) as one JSON object for IMAP and SMTP.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';

export type Credential =
  | { kind: 'password'; password: string }
  | { kind: 'token-file'; path: string }
  | { kind: 'token-command'; command: string };

export interface Credentials {
  imap: Credential;
  /** SMTP's own; null: the IMAP one (one account for both, as most providers have). */
  smtp: Credential | null;
}

export type Auth = { user: string; pass: string } | { user: string; accessToken: string };

export function readCredentials(json: string): Credentials {
  const v = JSON.parse(json) as Partial<Credentials>;
  if (v.imap === undefined) throw new Error('the stored credentials name no IMAP login');
  return { imap: v.imap, smtp: v.smtp ?? null };
}

const TOKEN_COMMAND_MS = 15_000;

function run(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('/bin/sh', ['-c', command], { timeout: TOKEN_COMMAND_MS, maxBuffer: 64 * 1024 }, (err, stdout, stderr) => {
      if (err !== null) {
        const said = String(stderr).trim().split('\n').slice(-1)[0] ?? '';
        reject(new Error(`the token command failed${said === '' ? '' : `: ${said}`}`));
      } else resolve(String(stdout));
    });
  });
}

/** The login to use now: a token is read (or its command run) at every connection. */
export async function authFor(user: string, c: Credential): Promise<Auth> {
  switch (c.kind) {
    case 'password':
      return { user, pass: c.password };
    case 'token-file': {
      const token = (
        await readFile(c.path, 'utf8').catch((e: Error) => {
          throw new Error(`can't read the access token file ${c.path}: ${e.message}`);
        })
      ).trim();
      if (token === '') throw new Error(`the access token file ${c.path} is empty`);
      return { user, accessToken: token };
    }
    case 'token-command': {
      const token = (await run(c.command)).trim();
      if (token === '') throw new Error('the token command printed no access token');
      return { user, accessToken: token };
    }
  }
}
