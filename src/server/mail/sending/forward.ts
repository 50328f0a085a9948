/**
 * A forwarded message as mail programs write one: `Fwd: <subject>` (once),
 * the note, then the original's headers and text under the usual line; its
 * files go with it byte for byte (files.ts `filesOfRaw`).
 */
import type { CardMessage } from '../../../api/schema-mail.js';

/** `Fwd: ` once: `Fwd: Fwd: x`, `FW: x` and `Fwd: Re: x` keep what they had, under one `Fwd: `. */
export function forwardSubject(subject: string): string {
  const base = subject.replace(/^(\s*(fwd?|wg|tr)\s*:\s*)+/i, '').trim();
  return `Fwd: ${base === '' ? '(no subject)' : base}`;
}

const dateWords = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toUTCString();
};

/** The text sent: the note (signed), then the forwarded message's headers and text. */
export function forwardText(note: string, original: CardMessage): string {
  const head = [
    '---------- Forwarded message ---------',
    `From: ${original.From}`,
    `Date: ${dateWords(original.Date)}`,
    `Subject: ${original.Subject}`,
    `To: ${original.To.join(', ')}`,
    ...(original.Cc.length > 0 ? [`Cc: ${original.Cc.join(', ')}`] : []),
  ].join('\n');
  const top = note.trim() === '' ? '' : `${note.trimEnd()}\n\n`;
  return `${top}${head}\n\n${original.Text.trimEnd()}\n`;
}
