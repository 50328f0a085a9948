/**
 * What a comment prompt says about `@` as it is typed: the board's people
 * whose address begins with the letters after the last `@` (the service
 * stores a mention of one of them with the comment), or that no one on the
 * board goes by them — then it is no mention.
 */
import { sanitize } from '../text/sanitize.js';

const SHOWN = 4;

/** The letters being typed after an `@` at the end of the text, or null when the text doesn't end in one. */
export function typedMention(text: string): string | null {
  const m = /(?:^|[\s(,;:])@([\p{L}\p{N}._%+-]*(?:@[\p{L}\p{N}.-]*)?)$/u.exec(text);
  return m === null ? null : (m[1] ?? '');
}

export function mentionPreview(people: readonly string[], text: string): string {
  const typed = typedMention(text);
  if (typed === null) return '';
  const t = typed.toLowerCase();
  const found = people.filter((p) => p.toLowerCase().startsWith(t));
  if (found.length === 0) return `@${sanitize(typed)}: no one on this board by that name — it will be no mention`;
  const listed = found.slice(0, SHOWN).map((p) => `@${sanitize(p.split('@')[0] ?? p)} (${sanitize(p)})`);
  return `mention: ${listed.join(' · ')}${found.length > SHOWN ? ` · ${found.length - SHOWN} more` : ''}`;
}

/**
 * Tab after `@` and a few letters: the rest of the one address-name they
 * begin (and a space), or as far as every one they begin agrees; null when
 * no one's does.
 */
export function completeMention(people: readonly string[], text: string): string | null {
  const typed = typedMention(text);
  if (typed === null) return null;
  const names = people.map((p) => p.split('@')[0] ?? p).filter((n) => n.toLowerCase().startsWith(typed.toLowerCase()));
  if (names.length === 0) return null;
  if (names.length === 1) return `${(names[0] ?? '').slice(typed.length)} `;
  let common = names[0] ?? '';
  for (const n of names) while (!n.toLowerCase().startsWith(common.toLowerCase())) common = common.slice(0, -1);
  return common.length > typed.length ? common.slice(typed.length) : null;
}
