/**
 * A board's rules over HTTP (schema-rules.ts): members read them and try
 * them on a card; the board's owner adds, turns off and on, and removes
 * them; each member says whether round-robin gives them work.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BoardPath, CardPath } from '../../api/schema.js';
import {
  RuleBody,
  RulePatchBody,
  RulePath,
  RulesAwayBody,
  type BoardRules,
  type Rule,
} from '../../api/schema-rules.js';
import { boardFor, cardFor, ownedBoard, params, principal, write, type Ctx } from '../context.js';
import { badRequest, notFound, okEnvelope, parse } from '../errors.js';
import type { Sql } from '../sql/sql.js';
import { actionText, parseActions, parseRuleQuery } from './parse.js';
import { actionList, boardNames, problemOf, ruleById, ruleOf, rulesOf, type Board, type RuleRow } from './store.js';
import { testRules } from './test-card.js';

const NoParams = z.strictObject({});

export function ruleOut(row: RuleRow, board: Board): Rule {
  return {
    Id: String(row.id),
    BoardId: Number(row.board_id),
    Name: row.name,
    When: row.query,
    Then: actionList(row),
    On: row.on_what,
    Enabled: Number(row.enabled) === 1,
    DisabledReason: row.disabled_reason,
    Problem: problemOf(ruleOf(row), board),
  };
}

async function boardRules(sql: Sql, boardId: number): Promise<BoardRules> {
  const board = await boardNames(sql, boardId);
  const away = await sql.all<{ email: string }>('SELECT email FROM rule_away WHERE board_id = ? ORDER BY email', [
    boardId,
  ]);
  return { Rules: (await rulesOf(sql, boardId)).map((r) => ruleOut(r, board)), Away: away.map((a) => a.email) };
}

/** Two rules that would send the same mail to different columns: said when the second is saved. */
async function backAndForth(sql: Sql, boardId: number, understood: string, move: string): Promise<string | null> {
  for (const other of await rulesOf(sql, boardId, true)) {
    const r = ruleOf(other);
    const theirs = r.actions.find((a) => a.kind === 'move');
    if (r.query?.understood !== understood || theirs?.kind !== 'move') continue;
    if (theirs.column.toLowerCase() !== move.toLowerCase())
      return `Then: move:${move}: rule ${other.name} moves the same mail to ${theirs.column}; the card would go back and forth (give one of them stop, or another query)`;
  }
  return null;
}

export function rulesRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/board/:boardId/rules', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const board = await boardFor(ctx, principal(req), Number(boardId));
    return okEnvelope(await boardRules(ctx.sql, board.id));
  });

  app.post('/v2/board/:boardId/rules', async (req, reply) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const body = parse(RuleBody, req.body ?? {});
    const query = parseRuleQuery(body.When);
    if (!query.ok) throw badRequest(query.error);
    const actions = parseActions(body.Then, new Date(ctx.now()));
    if (!actions.ok) throw badRequest(actions.error);
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(boardId), 'add rules');
      const names = await boardNames(ctx.sql, board.id);
      const taken = await ctx.sql.get<{ id: number }>('SELECT id FROM rules WHERE board_id = ? AND lower(name) = ?', [
        board.id,
        body.Name.toLowerCase(),
      ]);
      if (taken !== undefined) throw badRequest(`Name: the board has a rule named ${body.Name} already`);
      const stored = actions.value.map(actionText);
      const row = { query: body.When, actions: JSON.stringify(stored) };
      const problem = problemOf(ruleOf({ ...row } as RuleRow), names);
      if (problem !== null) throw badRequest(problem);
      const move = actions.value.find((a) => a.kind === 'move');
      const loop =
        move === undefined ? null : await backAndForth(ctx.sql, board.id, query.value.understood, move.column);
      if (loop !== null) throw badRequest(loop);
      const last = await ctx.sql.get<{ p: number | null }>('SELECT max(position) AS p FROM rules WHERE board_id = ?', [
        board.id,
      ]);
      const made = await ctx.sql.get<{ id: number }>(
        `INSERT INTO rules (board_id, position, name, query, actions, on_what, created_by, created_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        [
          board.id,
          Number(last?.p ?? 0) + 1,
          body.Name,
          body.When,
          row.actions,
          body.On ?? 'new-thread',
          p.email,
          ctx.now(),
        ],
      );
      changed(board.id, null, 'board');
      const saved = (await ruleById(ctx.sql, board.id, Number(made?.id))) as RuleRow;
      return okEnvelope(ruleOut(saved, names), `Rule ${body.Name} added`);
    });
  });

  app.patch('/v2/board/:boardId/rules/:ruleId', async (req, reply) => {
    const { boardId, ruleId } = parse(RulePath, req.params, 'path');
    const body = parse(RulePatchBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(boardId), body.Enabled ? 'turn rules on' : 'turn rules off');
      const row = await ruleById(ctx.sql, board.id, Number(ruleId));
      if (row === undefined) throw notFound(`No rule ${ruleId} on board ${board.id}`);
      const names = await boardNames(ctx.sql, board.id);
      if (body.Enabled) {
        const problem = problemOf(ruleOf(row), names);
        if (problem !== null) throw badRequest(`Enabled: rule ${row.name} cannot run: ${problem}`);
      }
      await ctx.sql.run('UPDATE rules SET enabled = ?, disabled_reason = NULL WHERE id = ?', [
        body.Enabled ? 1 : 0,
        row.id,
      ]);
      changed(board.id, null, 'board');
      const now = (await ruleById(ctx.sql, board.id, row.id)) as RuleRow;
      return okEnvelope(ruleOut(now, names), `Rule ${row.name} ${body.Enabled ? 'on' : 'off'}`);
    });
  });

  app.delete('/v2/board/:boardId/rules/:ruleId', async (req, reply) => {
    const { boardId, ruleId } = parse(RulePath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(boardId), 'remove rules');
      const row = await ruleById(ctx.sql, board.id, Number(ruleId));
      if (row === undefined) throw notFound(`No rule ${ruleId} on board ${board.id}`);
      await ctx.sql.run('DELETE FROM rules WHERE id = ?', [row.id]);
      changed(board.id, null, 'board');
      return okEnvelope(await boardRules(ctx.sql, board.id), `Rule ${row.name} removed`);
    });
  });

  app.put('/v2/board/:boardId/rules/away', async (req, reply) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const body = parse(RulesAwayBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await boardFor(ctx, p, Number(boardId));
      const email = p.email.toLowerCase();
      if (body.Away)
        await ctx.sql.run('INSERT INTO rule_away (board_id, email) VALUES (?, ?) ON CONFLICT DO NOTHING', [
          board.id,
          email,
        ]);
      else await ctx.sql.run('DELETE FROM rule_away WHERE board_id = ? AND email = ?', [board.id, email]);
      changed(board.id, null, 'board');
      return okEnvelope(
        await boardRules(ctx.sql, board.id),
        body.Away ? `${email} takes no work from round-robin` : `${email} takes work from round-robin again`,
      );
    });
  });

  app.get('/v2/card/:cardId/rules', async (req) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const card = await cardFor(ctx, principal(req), cardId, false);
    return okEnvelope(await testRules(ctx, card));
  });
}
