/**
 * The wire shapes of a board's rules, an extension of the local service:
 * `GET`/`POST /v2/board/:boardId/rules`, `PATCH`/`DELETE
 * /v2/board/:boardId/rules/:ruleId`, `PUT /v2/board/:boardId/rules/away`
 * and `GET /v2/card/:cardId/rules`. The conventions are schema.ts's.
 */
import { z } from 'zod';
import { IdString, requiredText } from './schema.js';

export const RULE_LIMITS = { name: 100, query: 1000, actions: 20, action: 200 } as const;

/** When a rule runs: on a new thread's first message (default), or on every message, answers too. */
export const RULE_ON = ['new-thread', 'every-message'] as const;

export const RuleBody = z.strictObject({
  Name: requiredText(RULE_LIMITS.name),
  /** The query, in the search language (`from:@acme.com refund`). */
  When: requiredText(RULE_LIMITS.query),
  /** The actions: one text (`tag:Billing, assign:round-robin`) or a list of them. */
  Then: z.union([
    requiredText(RULE_LIMITS.action * RULE_LIMITS.actions),
    z.array(requiredText(RULE_LIMITS.action)).min(1, 'give at least one action').max(RULE_LIMITS.actions),
  ]),
  On: z.enum(RULE_ON).optional(),
});
export type RuleBody = z.input<typeof RuleBody>;

/** Turning a rule off or on again; on again is checked as a new rule is. */
export const RulePatchBody = z.strictObject({ Enabled: z.boolean() });
export type RulePatchBody = z.input<typeof RulePatchBody>;

export const RulePath = z.strictObject({ boardId: IdString, ruleId: IdString });

export const Rule = z.object({
  Id: z.string(),
  BoardId: z.number(),
  Name: z.string(),
  When: z.string(),
  Then: z.array(z.string()),
  On: z.string(),
  Enabled: z.boolean(),
  /** Why it was turned off when it could not run (a tag renamed, a column deleted); null when off by hand or on. */
  DisabledReason: z.string().nullable(),
  /** Why it would not run as the board is now, though on; null when it would. */
  Problem: z.string().nullable(),
});
export type Rule = z.infer<typeof Rule>;

/** A board's rules in order, with the members round-robin skips. */
export const BoardRules = z.object({
  Rules: z.array(Rule),
  Away: z.array(z.string()),
});
export type BoardRules = z.infer<typeof BoardRules>;

/** The asking member away from round-robin, or back. */
export const RulesAwayBody = z.strictObject({ Away: z.boolean() });
export type RulesAwayBody = z.input<typeof RulesAwayBody>;

/** One rule tried on a card's newest message: whether it matches, and the term that did not. */
export const RuleTest = z.object({
  Id: z.string(),
  Name: z.string(),
  Enabled: z.boolean(),
  Matches: z.boolean(),
  /** The first term that did not match, as typed (`from:@acme.com`); null when it matches. */
  Failed: z.string().nullable(),
  /** What the message had there (`from jane@other.org`); null when it matches. */
  Saw: z.string().nullable(),
  /** Why it cannot run (disabled, or would be); null when it can. */
  Problem: z.string().nullable(),
});
export type RuleTest = z.infer<typeof RuleTest>;

export const RulesTested = z.object({
  CardId: z.string(),
  /** The message tried: its sender and subject. */
  Message: z.string().nullable(),
  Rules: z.array(RuleTest),
});
export type RulesTested = z.infer<typeof RulesTested>;
