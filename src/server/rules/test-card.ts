/**
 * `inboard rules test CARD`: each of the board's rules tried on the card's
 * newest message from a customer, as the rules would see it arriving now —
 * whether it matches and, when not, the first term that did not and what
 * the message had there. Nothing is changed.
 */
import type { RulesTested, RuleTest } from '../../api/schema-rules.js';
import type { CardRow, Ctx } from '../context.js';
import { Words, type Arriving } from './match.js';
import { matchQuery } from './match.js';
import { cardFacts } from './run.js';
import { boardNames, problemOf, ruleOf, rulesOf } from './store.js';

interface MessageRow {
  from_addr: string;
  to_addrs: string;
  cc_addrs: string;
  subject: string;
  body_text: string;
  attachments: string;
  raw: Buffer | null;
}

const list = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

export async function testRules(ctx: Ctx, card: CardRow): Promise<RulesTested> {
  const cardId = Number(card.id);
  const boardId = Number(card.board_id);
  const msg = await ctx.sql.get<MessageRow>(
    `SELECT from_addr, to_addrs, cc_addrs, subject, body_text, attachments, raw FROM messages
     WHERE card_id = ? AND direction = 'in' ORDER BY id DESC LIMIT 1`,
    [cardId],
  );
  const arriving: Arriving = {
    from: msg?.from_addr ?? '',
    to: msg === undefined ? [] : [...list(msg.to_addrs), ...list(msg.cc_addrs)],
    subject: msg?.subject ?? card.title,
    text: msg?.body_text ?? '',
    attachments: msg === undefined ? 0 : list(msg.attachments).length,
    raw: msg?.raw === null || msg?.raw === undefined ? null : Buffer.from(msg.raw),
    card: await cardFacts(ctx, cardId),
  };
  const words = new Words(arriving);
  const board = await boardNames(ctx.sql, boardId);
  const out: RuleTest[] = [];
  for (const row of await rulesOf(ctx.sql, boardId)) {
    const rule = ruleOf(row);
    const enabled = Number(row.enabled) === 1;
    const problem = enabled ? problemOf(rule, board) : (row.disabled_reason ?? 'turned off');
    const outcome = rule.query === null ? null : matchQuery(rule.query, words);
    out.push({
      Id: String(row.id),
      Name: row.name,
      Enabled: enabled,
      Matches: outcome?.matches === true,
      Failed: outcome === null ? (rule.unreadable ?? '') : outcome.matches ? null : outcome.failed,
      Saw: outcome === null || outcome.matches ? null : outcome.saw,
      Problem: problem,
    });
  }
  return {
    CardId: String(cardId),
    Message: msg === undefined ? null : `from ${msg.from_addr}: ${msg.subject}`,
    Rules: out,
  };
}
