/**
 * The board's rules run on a message as it is delivered (mail/deliver.ts:
 * a mailbox, mail-in and the API alike), in the delivering transaction:
 * once per message across instances (a claim row keyed by the message), in
 * order, until a rule says stop. Rules run on arrival only, never on the
 * changes they make, so a rule cannot set itself off again. A rule that no
 * longer resolves is disabled with the reason, told to the board's owner.
 */
import { createHash } from 'node:crypto';
import type { Changed } from '../changes.js';
import type { Ctx } from '../context.js';
import { bumpCards } from '../versions.js';
import type { InboundMessage } from '../mail/read-mail.js';
import { doAction } from './actions.js';
import { arrivingOf, matchQuery, Words, type CardFacts } from './match.js';
import { noteRule } from './notes.js';
import { boardNames, problemOf, ruleOf, rulesOf, type Board, type Rule } from './store.js';

export interface Arrival {
  boardId: number;
  cardId: number;
  newCard: boolean;
}

/** One message, as the claim knows it: its id with who sent what, as a mailbox tells two messages apart. */
function messageKey(m: InboundMessage): string {
  const h = createHash('sha256').update(m.messageId).update('\0').update(m.from).update('\0').update(m.subject);
  return h.update('\0').update(m.text).digest('hex').slice(0, 40);
}

export async function cardFacts(ctx: Ctx, cardId: number): Promise<CardFacts> {
  const col = await ctx.sql.get<{ name: string }>(
    'SELECT col.name FROM cards c JOIN columns col ON col.id = c.column_id WHERE c.id = ?',
    [cardId],
  );
  const tags = await ctx.sql.all<{ name: string }>(
    'SELECT t.name FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.card_id = ?',
    [cardId],
  );
  const people = await ctx.sql.all<{ email: string }>('SELECT email FROM card_assignees WHERE card_id = ?', [cardId]);
  return { column: col?.name ?? '', tags: tags.map((t) => t.name), assignees: people.map((p) => p.email) };
}

/** Whether a rule reads the card (tag:, column:, assignee:): only then is the card read. */
const readsCard = (r: Rule) =>
  r.query?.filters.some((f) => f.kind === 'tag' || f.kind === 'column' || f.kind === 'assignee') ?? false;

export async function runRules(
  ctx: Ctx,
  changed: Changed,
  at: Arrival,
  m: InboundMessage,
  raw: Buffer | null,
): Promise<void> {
  const rows = await rulesOf(ctx.sql, at.boardId, true);
  const due = rows.filter((r) => at.newCard || r.on_what === 'every-message');
  if (due.length === 0) return;
  const rules = due.map(ruleOf);
  const facts: CardFacts = rules.some(readsCard)
    ? await cardFacts(ctx, at.cardId)
    : { column: '', tags: [], assignees: [] };
  const words = new Words(arrivingOf(m, raw, facts));
  let board: Board | undefined;
  const names = async () => (board ??= await boardNames(ctx.sql, at.boardId));
  // Matched in memory first: mail no rule is about costs no write at all.
  const hits: { rule: Rule; problem: string | null; matched: boolean }[] = [];
  for (const rule of rules) {
    // A stored query that no longer reads, or names a tag or column gone: disabled, in words.
    const early = rule.unreadable ?? (readsCard(rule) ? problemOf({ ...rule, actions: [] }, await names()) : null);
    if (early !== null) hits.push({ rule, problem: early, matched: false });
    else if (rule.query !== null && matchQuery(rule.query, words).matches) {
      const problem = problemOf(rule, await names());
      hits.push({ rule, problem, matched: true });
      if (problem === null && rule.actions.some((a) => a.kind === 'stop')) break;
    }
  }
  if (hits.length === 0) return;
  const claimed = await ctx.sql.run(
    `INSERT INTO rule_runs (board_id, message_key, card_id, created_ms) VALUES (?, ?, ?, ?)
     ON CONFLICT (board_id, message_key) DO NOTHING`,
    [at.boardId, messageKey(m), at.cardId, ctx.now()],
  );
  if (claimed === 0) return;
  let changedCard = false;
  for (const { rule, problem, matched } of hits) {
    if (problem !== null) {
      await disable(ctx, changed, rule.row.id, at.boardId, problem);
      if (matched) {
        noteRule(ctx.sql, at.cardId, { rule: rule.row.name, did: [`matched but was disabled: ${problem}`] });
        changed(at.boardId, at.cardId, 'card-changed');
      }
      continue;
    }
    const did: string[] = [];
    const target = { boardId: at.boardId, cardId: at.cardId, rule: rule.row.name, message: m };
    for (const a of rule.actions) {
      const words = await doAction(ctx, target, a, await names(), changed);
      if (words !== null) did.push(words);
    }
    if (did.length > 0) {
      changedCard = true;
      noteRule(ctx.sql, at.cardId, { rule: rule.row.name, did });
    }
  }
  if (changedCard && !at.newCard) await bumpCards(ctx, [at.cardId]);
}

async function disable(ctx: Ctx, changed: Changed, ruleId: number, boardId: number, reason: string): Promise<void> {
  await ctx.sql.run('UPDATE rules SET enabled = 0, disabled_reason = ? WHERE id = ?', [reason, ruleId]);
  changed(boardId, null, 'board');
}
