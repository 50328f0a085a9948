/**
 * Signatures: a board's (set by its owner), or the sender's own sent with
 * the message (a member's config `signature`), its `{{variables}}` filled
 * in when the message is queued — with the sending key's name and email and
 * the board's name — so what leaves is what the outbox and the thread show.
 * An unknown variable is refused in words, when it is set or sent.
 */
import { MAIL_LIMITS } from '../../../api/schema-mail.js';
import { agentValues, fillTemplate, SIGNATURE_VARIABLES, templateProblem } from '../../../text/template.js';
import type { Principal } from '../../auth.js';
import { isoNow } from '../../db.js';
import { badRequest } from '../../errors.js';
import type { Sql } from '../../sql/sql.js';

/** The template checked: refused in words naming `field` when a variable is unknown. */
export function checkSignature(text: string, field: string): void {
  if (text.length > MAIL_LIMITS.signature)
    throw badRequest(`${field}: must be at most ${MAIL_LIMITS.signature} characters`);
  const problem = templateProblem(text, SIGNATURE_VARIABLES);
  if (problem !== undefined) throw badRequest(`${field}: ${problem}`);
}

export async function boardSignature(sql: Sql, boardId: number): Promise<string | null> {
  const row = await sql.get<{ text: string }>('SELECT text FROM board_signatures WHERE board_id = ?', [boardId]);
  return row?.text ?? null;
}

export async function setBoardSignature(sql: Sql, boardId: number, text: string | null, nowMs: number): Promise<void> {
  if (text === null) {
    await sql.run('DELETE FROM board_signatures WHERE board_id = ?', [boardId]);
    return;
  }
  await sql.run(
    `INSERT INTO board_signatures (board_id, text, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (board_id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
    [boardId, text, isoNow(nowMs)],
  );
}

/** The template filled for the key sending it; null when there is nothing to sign with. */
export async function filledSignature(
  sql: Sql,
  p: Principal,
  board: { id: number; name: string },
  template: string | null,
): Promise<string | null> {
  if (template === null || template.trim() === '') return null;
  const user = await sql.get<{ name: string }>('SELECT name FROM users WHERE id = ?', [p.userId]);
  const { text } = fillTemplate(template, agentValues({ name: user?.name, email: p.email }, board.name));
  return text.trim() === '' ? null : text.trim();
}

/**
 * The signature a message is sent with: the request's choice (a template,
 * checked; null, none), else the board's.
 */
export async function signatureFor(
  sql: Sql,
  p: Principal,
  board: { id: number; name: string },
  asked: string | null | undefined,
): Promise<string | null> {
  if (asked === null) return null;
  if (asked !== undefined) checkSignature(asked, 'Signature');
  return filledSignature(sql, p, board, asked ?? (await boardSignature(sql, board.id)));
}
