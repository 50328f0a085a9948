/**
 * The client's rule operations (extension `rules`, schema-rules.ts), part of
 * `Client` (types.ts), which gives its own call options as `O`.
 */
import type { CardId } from './read-model.js';
import type { BoardRules, Rule, RuleBody, RulesTested } from './schema-rules.js';

export interface RuleOperations<O> {
  /** Extension `rules`: GET /v2/board/:id/rules, the board's rules in order and who is away from round-robin. */
  listRules(boardId: number, o?: O): Promise<BoardRules>;
  /** Extension `rules`: POST /v2/board/:id/rules (the owner's). */
  addRule(boardId: number, body: RuleBody, o?: O): Promise<Rule>;
  /** Extension `rules`: PATCH /v2/board/:id/rules/:ruleId, turned on or off (the owner's). */
  setRuleEnabled(boardId: number, ruleId: string, enabled: boolean, o?: O): Promise<Rule>;
  /** Extension `rules`: DELETE /v2/board/:id/rules/:ruleId (the owner's). */
  removeRule(boardId: number, ruleId: string, o?: O): Promise<BoardRules>;
  /** Extension `rules`: PUT /v2/board/:id/rules/away, the key's member away from round-robin, or back. */
  setRulesAway(boardId: number, away: boolean, o?: O): Promise<BoardRules>;
  /** Extension `rules`: GET /v2/card/:id/rules, each rule tried on the card's newest message. */
  testRules(cardId: CardId, o?: O): Promise<RulesTested>;
}
