/**
 * What a reply, a forward or new mail became, in words: sent (to whom, with
 * how many files) or held in the outbox until a time, with the command that
 * takes it back. And a refused text typed on stdin, kept in a file: the
 * shell's history does not hold it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReplyData } from '../api/schema-mail.js';
import { dataDir } from '../config/paths.js';
import { CommandError } from './args.js';
import { fields, one } from './output.js';
import { filesWords, recipientsWords } from './outgoing.js';

/** `2026-11-24T08:15:00.000Z` → `2026-11-24 08:15 UTC`: one zone for every reader of a script's output. */
export const when = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso;

/**
 * "Reply sent to a@x, cc b@y (2 files)", or "Reply held until … — take back
 * with …", then its subject and Message-ID. `files`: how many were attached
 * here, when the server does not list what it carries.
 */
export function sentText(what: string, sent: ReplyData, files: number): string {
  const count = sent.Attachments?.length ?? files;
  const who = `${recipientsWords(sent.To, sent.Cc, sent.Bcc ?? [])}${filesWords(count)}`;
  const head =
    sent.SendsAt === undefined
      ? `${what} sent ${who}\n`
      : `${what} held until ${when(sent.SendsAt)}, then goes ${who} — take it back before then with: inboard api DELETE /v2/outbox/${one(sent.OutboxId ?? '?')}\n`;
  return (
    head +
    fields([
      ...(sent.From === undefined || sent.From === '' ? [] : ([['From', sent.From]] as [string, string][])),
      ['Subject', sent.Subject],
      ['Message-ID', sent.MessageId],
    ])
  );
}

/** The text of a refused message, kept where the person can find it; the file's path, or undefined if it could not be written. */
function keepDraft(name: string, text: string): string | undefined {
  const dir = dataDir();
  const path = join(dir, `${name.replace(/[^\w-]/g, '_')}-${Date.now()}.txt`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  } catch {
    return undefined;
  }
}

/**
 * Runs `send`; when it fails and the text came from stdin (or `keep` says
 * so), the text is saved and the error names the file.
 */
export async function keepingText<T>(
  name: string,
  text: string,
  keep: (e: unknown) => boolean,
  send: () => Promise<T>,
): Promise<T> {
  try {
    return await send();
  } catch (e) {
    if (!keep(e)) throw e;
    const kept = keepDraft(name, text);
    if (kept === undefined) throw e;
    const words = e instanceof Error ? e.message : String(e);
    throw new CommandError(`${words} — your text is kept in ${kept}`);
  }
}
