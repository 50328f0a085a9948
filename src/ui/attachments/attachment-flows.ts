/**
 * The card detail's attachment actions: open (a private copy, the system's
 * opener), save (into downloadDir, never over a file) and read (a text file
 * in the pager). Each says on the status bar what it did, with the path
 * written, or the server's words when it could not.
 */
import { attachmentText, type ThreadAttachment } from '../../api/thread-attachments.js';
import { sanitize } from '../../text/sanitize.js';
import type { Flow } from '../flows/flow.js';
import { why } from '../flows/flow.js';
import { openWith, privateCopy, saveDownload } from './places.js';

/** The pager's text is capped: a log of megabytes would be drawn line by line. */
const READ_CHARS = 1_000_000;

async function bytesOf(f: Flow, t: ThreadAttachment): Promise<Uint8Array> {
  return (await f.store.getState().getAttachment(t.attachment.Id ?? '')).Bytes;
}

function run(f: Flow, t: ThreadAttachment, doing: string, failed: string, act: () => Promise<string | null>): void {
  const name = sanitize(t.attachment.Name);
  f.store.getState().clearError();
  f.notify(`${doing} ${name}…`);
  act().then(
    (said) => {
      if (said !== null) f.notify(said);
    },
    (e: unknown) => f.store.getState().sayError(`${name}: ${failed}: ${why(e)}`),
  );
}

export function openAttachment(f: Flow, t: ThreadAttachment): void {
  run(f, t, 'Opening', 'not opened', async () => {
    const path = await privateCopy(t.attachment.Name, await bytesOf(f, t));
    const cmd = await openWith(path);
    return `Opened ${sanitize(t.attachment.Name)} with ${sanitize(cmd)} (a private copy: ${sanitize(path)})`;
  });
}

export function saveAttachment(f: Flow, t: ThreadAttachment): void {
  run(f, t, 'Saving', 'not saved', async () => {
    const path = await saveDownload(t.attachment.Name, await bytesOf(f, t));
    return `Saved ${sanitize(t.attachment.Name)} to ${sanitize(path)}`;
  });
}

export function readAttachment(f: Flow, t: ThreadAttachment): void {
  run(f, t, 'Reading', 'not read', async () => {
    const whole = attachmentText(await bytesOf(f, t));
    const cut = whole.length > READ_CHARS;
    const name = sanitize(t.attachment.Name);
    const key = f.overlays.show({
      kind: 'pager',
      title: `${name}${cut ? ' (the first 1,000,000 characters)' : ''}`,
      text: sanitize(cut ? whole.slice(0, READ_CHARS) : whole, { multiline: true }),
      onClose: () => f.overlays.close(key),
    });
    return `${name}: ${whole.length.toLocaleString('en')} characters`;
  });
}
