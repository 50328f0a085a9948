/**
 * Where a new mailbox's import starts, so a folder's backlog stays behind:
 * `--new-only` starts the UID cursor at UIDNEXT (only what arrives from now
 * on), `--since DATE` just before the first message the server dates on or
 * after that day (IMAP SEARCH SINCE: the day the server received it). Set
 * with the folder's UIDVALIDITY, so the watcher takes the cursor as is; a
 * later UIDVALIDITY change reads the folder again from its start.
 */
import type { Credential } from './credentials.js';
import { imapClient } from './connect.js';
import type { ServerAddress } from './mailbox-url.js';

export interface StartingCursor {
  uidValidity: string;
  /** The UID after which messages are imported. */
  lastUid: number;
  /** Messages in the folder now that are left behind. */
  skipped: number;
}

/** `YYYY-MM-DD` as that day (UTC midnight); null when the text is no such date. */
export function sinceDate(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const d = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text ? null : d;
}

/** Reads the folder (EXAMINE: nothing in it changes) and says where the cursor starts. */
export async function startingCursor(a: ServerAddress, c: Credential, since: Date | 'now'): Promise<StartingCursor> {
  const client = await imapClient(a, c, { disableAutoIdle: true });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const box = await client.mailboxOpen(a.folder, { readOnly: true });
    const uidValidity = String(box.uidValidity);
    const uidNext = Number(box.uidNext);
    if (since === 'now' || box.exists === 0) return { uidValidity, lastUid: uidNext - 1, skipped: box.exists };
    const found = await client.search({ since }, { uid: true });
    const uids = Array.isArray(found) ? found : [];
    const lastUid = (uids.length === 0 ? uidNext : Math.min(...uids)) - 1;
    const behind = lastUid === 0 ? [] : await client.search({ uid: `1:${lastUid}` }, { uid: true });
    return { uidValidity, lastUid, skipped: Array.isArray(behind) ? behind.length : 0 };
  } finally {
    await client.logout().catch(() => client.close());
  }
}
