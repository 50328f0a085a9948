/**
 * The open board's rules (`O`), in the order they run — the `rules`
 * extension's list. The owner turns one off or on again: sent at once, then
 * the list read again (nothing optimistic: a rule turned on is checked by
 * the server, which may refuse in words). A load never rejects: a failure
 * lands in `error`, and a server without the extension in `unsupported`.
 */
import type { Rule } from '../api/schema-rules.js';
import type { Core, CoreData } from './core.js';
import { errorText } from './status.js';

export interface RulesList {
  /** The board the rules are of; null before the first load. */
  readonly boardId: number | null;
  readonly items: readonly Rule[];
  /** The members round-robin skips. */
  readonly away: readonly string[];
  readonly loading: boolean;
  readonly error: string | null;
  readonly unsupported: boolean;
}

export interface RulesData {
  boardRules: RulesList;
}

export interface RulesActions {
  /** The open board's rules, read afresh. */
  loadRules(): Promise<void>;
  /** Turns a rule off or on; rejects with the server's words, the list kept. */
  setRuleEnabled(ruleId: string, enabled: boolean): Promise<Rule>;
}

export const NO_RULES: RulesList = {
  boardId: null,
  items: [],
  away: [],
  loading: false,
  error: null,
  unsupported: false,
};

export function makeRules(core: Core<CoreData & RulesData>): RulesActions {
  let run = 0;
  const patch = (p: Partial<RulesList>): void => core.set({ boardRules: { ...core.get().boardRules, ...p } });
  async function loadRules(): Promise<void> {
    const boardId = core.get().boardId;
    if (boardId === null) return;
    if (core.client.offers('rules') === false) return patch({ unsupported: true, loading: false });
    const mine = ++run;
    const kept = core.get().boardRules;
    core.set({
      boardRules: { ...NO_RULES, ...(kept.boardId === boardId ? { items: kept.items } : {}), boardId, loading: true },
    });
    try {
      const list = await core.client.listRules(boardId);
      if (mine === run) patch({ items: list.Rules, away: list.Away, loading: false });
    } catch (e) {
      if (mine !== run) return;
      if (core.client.offers('rules') === false) return patch({ unsupported: true, loading: false });
      patch({ loading: false, error: errorText(e) });
    }
  }
  return {
    loadRules,
    async setRuleEnabled(ruleId, enabled) {
      const boardId = core.get().boardId;
      if (boardId === null) throw new Error('No board is open');
      const rule = await core.client.setRuleEnabled(boardId, ruleId, enabled);
      await loadRules();
      return rule;
    },
  };
}
