/**
 * Mentions: `@sam`, `@sam@acme.example` or `@Sam` (a first name) in a
 * comment names a member of the card's board. What names a member is
 * stored with the comment (`comment_mentions`, history/schema.ts); what
 * names no one on the board is said in the answer's words, never stored.
 */
import type { Mention } from '../../api/schema.js';
import type { Ctx } from '../context.js';

interface MemberRow {
  id: number | string;
  email: string;
  name: string;
}

/** The words after each `@` (an address, or a name's letters), as typed. */
export function mentionWords(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/(?<![\w.@])@([\p{L}\p{N}._%+-]+(?:@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)?)/gu)) {
    const word = (m[1] ?? '').replace(/[.]+$/, '');
    if (word !== '' && !out.includes(word)) out.push(word);
  }
  return out;
}

/** The board's people with an account: its owner and the members who have one. */
export async function boardPeople(ctx: Ctx, boardId: number): Promise<MemberRow[]> {
  return ctx.sql.all<MemberRow>(
    `SELECT u.id, u.email, u.name FROM users u JOIN boards b ON b.owner_id = u.id WHERE b.id = ?
     UNION SELECT u.id, u.email, u.name FROM board_members m JOIN users u ON u.email = m.email WHERE m.board_id = ?
     ORDER BY email`,
    [boardId, boardId],
  );
}

const matches = (word: string, p: MemberRow): boolean => {
  const w = word.toLowerCase();
  const email = p.email.toLowerCase();
  return w === email || w === email.split('@')[0] || w === p.name.trim().split(/\s+/)[0]?.toLowerCase();
};

const mentionOut = (p: MemberRow): Mention => ({ UserId: Number(p.id), Email: p.email, Name: p.name });

/**
 * Stores the comment's mentions (replacing what an earlier text named);
 * answers whom it names and, in words, the `@` words that name no one here.
 */
export async function saveMentions(
  ctx: Ctx,
  boardId: number,
  commentId: number,
  body: string,
): Promise<{ mentions: Mention[]; words: string }> {
  await ctx.sql.run('DELETE FROM comment_mentions WHERE comment_id = ?', [commentId]);
  const words = mentionWords(body);
  if (words.length === 0) return { mentions: [], words: '' };
  const people = await boardPeople(ctx, boardId);
  const named: MemberRow[] = [];
  const nobody: string[] = [];
  for (const w of words) {
    const p = people.find((x) => matches(w, x));
    if (p === undefined) nobody.push(`@${w}`);
    else if (!named.includes(p)) named.push(p);
  }
  for (const p of named) {
    await ctx.sql.run('INSERT INTO comment_mentions (comment_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING', [
      commentId,
      Number(p.id),
    ]);
  }
  const said =
    nobody.length === 0
      ? ''
      : `; ${nobody.join(', ')} ${nobody.length === 1 ? 'is' : 'are'} not on this board, so not mentioned`;
  return { mentions: named.map(mentionOut), words: said };
}

/** The mentions of these comments, by comment id. */
export async function mentionsOf(ctx: Ctx, commentIds: readonly number[]): Promise<Map<number, Mention[]>> {
  const out = new Map<number, Mention[]>();
  if (commentIds.length === 0) return out;
  const rows = await ctx.sql.all<MemberRow & { comment_id: number | string }>(
    `SELECT cm.comment_id, u.id, u.email, u.name FROM comment_mentions cm JOIN users u ON u.id = cm.user_id
     WHERE cm.comment_id IN (${commentIds.map(() => '?').join(', ')}) ORDER BY cm.comment_id, u.email`,
    commentIds.map(Number),
  );
  for (const r of rows) {
    const id = Number(r.comment_id);
    out.set(id, [...(out.get(id) ?? []), mentionOut(r)]);
  }
  return out;
}
