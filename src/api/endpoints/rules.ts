/**
 * A board's rules (schema-rules.ts), extension `rules`: a server without
 * them (DragApp) is asked once, then refused at once, in words.
 */
import type { Endpoints } from '../operations.js';
import {
  BoardRules,
  Rule,
  RulesTested,
  type RuleBody,
  type RulePatchBody,
  type RulesAwayBody,
} from '../schema-rules.js';
import { seg } from '../wire.js';

const rulesPath = (boardId: number) => `/v2/board/${seg(String(boardId))}/rules`;

export const rulesEndpoints: Endpoints<
  'listRules' | 'addRule' | 'setRuleEnabled' | 'removeRule' | 'setRulesAway' | 'testRules'
> = {
  listRules: (w, boardId, o) => {
    const path = rulesPath(boardId);
    return w.extension('rules', 'GET', path, () => w.env(BoardRules, 'GET', path, { o }));
  },
  addRule: (w, boardId, body, o) => {
    const path = rulesPath(boardId);
    return w.extension('rules', 'POST', path, async () =>
      Rule.parse(await w.change('POST', path, { body: { ...body } satisfies RuleBody, o })),
    );
  },
  setRuleEnabled: (w, boardId, ruleId, enabled, o) => {
    const path = `${rulesPath(boardId)}/${seg(ruleId)}`;
    return w.extension('rules', 'PATCH', path, async () =>
      Rule.parse(await w.change('PATCH', path, { body: { Enabled: enabled } satisfies RulePatchBody, o })),
    );
  },
  removeRule: (w, boardId, ruleId, o) => {
    const path = `${rulesPath(boardId)}/${seg(ruleId)}`;
    return w.extension('rules', 'DELETE', path, async () => BoardRules.parse(await w.change('DELETE', path, { o })));
  },
  setRulesAway: (w, boardId, away, o) => {
    const path = `${rulesPath(boardId)}/away`;
    return w.extension('rules', 'PUT', path, async () =>
      BoardRules.parse(await w.change('PUT', path, { body: { Away: away } satisfies RulesAwayBody, o })),
    );
  },
  testRules: (w, cardId, o) => {
    const path = `/v2/card/${seg(cardId)}/rules`;
    return w.extension('rules', 'GET', path, () => w.env(RulesTested, 'GET', path, { o }));
  },
};
