/**
 * What rules did to cards in one write, kept until the change log's flush
 * writes the card's history (history/record.ts): there each rule's doing is
 * one entry by the rule's name ("rule Billing: tagged Billing, assigned
 * sam@…"), instead of the same changes told again as the sender's.
 * Keyed by the write's transaction, so nothing outlives it.
 */
import type { Sql } from '../sql/sql.js';

export interface RuleNote {
  rule: string;
  did: string[];
}

const notes = new WeakMap<Sql, Map<number, RuleNote[]>>();

export function noteRule(sql: Sql, cardId: number, note: RuleNote): void {
  let byCard = notes.get(sql);
  if (byCard === undefined) notes.set(sql, (byCard = new Map<number, RuleNote[]>()));
  byCard.set(cardId, [...(byCard.get(cardId) ?? []), note]);
}

/** The notes of the write on `sql`, taken (the flush calls it once). */
export function takeRuleNotes(sql: Sql): ReadonlyMap<number, RuleNote[]> {
  const byCard = notes.get(sql) ?? new Map<number, RuleNote[]>();
  notes.delete(sql);
  return byCard;
}

/** The history's kinds a rule's actions change: told by the rule's entry, not again by the comparison. */
export const RULE_KINDS: ReadonlySet<string> = new Set(['tagged', 'assigned', 'moved', 'archived', 'snoozed']);
