/**
 * `inboard rules list|add|test|disable|enable|remove|away`: a board's rules
 * on the service (schema-rules.ts), printed as a table or as JSON.
 */
import type { BoardRules, Rule, RulesTested } from '../../api/schema-rules.js';
import { cardId, parse, positionals, UsageError } from '../args.js';
import { emit, one, table } from '../output.js';
import { pick, resolveBoard } from '../resolve.js';
import { helpRequested, withClient } from '../session.js';
import { RULES_HELP } from './help.js';

const SUBS = 'list, add, test, disable, enable, remove or away';

const state = (r: Rule): string =>
  !r.Enabled
    ? `off${r.DisabledReason === null ? '' : `: ${r.DisabledReason}`}`
    : r.Problem === null
      ? 'on'
      : `on, will be turned off: ${r.Problem}`;

export function rulesText(b: BoardRules): string {
  const head = `${b.Rules.length} rule${b.Rules.length === 1 ? '' : 's'}, in the order they run\n`;
  const rows = b.Rules.map((r, i) => [i + 1, r.Id, r.Name, r.When, r.Then.join(', '), r.On, state(r)]);
  const cols = [
    { header: '#', right: true },
    { header: 'ID' },
    { header: 'NAME', max: 30 },
    { header: 'WHEN', max: 50 },
    { header: 'THEN', max: 60 },
    { header: 'ON' },
    { header: 'STATE', max: 100 },
  ];
  const away = b.Away.length === 0 ? '' : `\naway from round-robin: ${b.Away.map(one).join(', ')}\n`;
  return `${head}${b.Rules.length === 0 ? '' : `\n${table(cols, rows)}`}${away}`;
}

export function testedText(t: RulesTested): string {
  const head = `Card ${one(t.CardId)}: ${t.Message === null ? 'no message from a customer' : one(t.Message)}\n`;
  const rows = t.Rules.map((r) => [
    r.Name,
    r.Matches ? 'matches' : 'no',
    r.Matches ? '' : `${r.Failed ?? ''} did not match${r.Saw === null ? '' : ` (${r.Saw})`}`,
    r.Problem ?? '',
  ]);
  const cols = [
    { header: 'RULE', max: 30 },
    { header: 'MATCH' },
    { header: 'WHY NOT', max: 80 },
    { header: 'PROBLEM', max: 80 },
  ];
  return t.Rules.length === 0 ? `${head}The board has no rules\n` : `${head}\n${table(cols, rows)}`;
}

export async function rules(argv: string[]): Promise<number> {
  const { values, positionals: pos } = parse(argv, {
    board: { type: 'string' },
    name: { type: 'string' },
    when: { type: 'string' },
    then: { type: 'string' },
    on: { type: 'string' },
    off: { type: 'boolean' },
  });
  if (helpRequested(values, RULES_HELP)) return 0;
  const [sub, ...rest] = pos;
  const json = values.json === true;
  const needBoard = (): string => {
    if (values.board === undefined) throw new UsageError(`rules ${sub ?? ''}: --board BOARD is required`);
    return values.board;
  };
  switch (sub) {
    case 'list':
      positionals(rest, []);
      return withClient(values, async (client) => {
        const b = await resolveBoard(client, needBoard());
        const list = await client.listRules(b.Id);
        emit(json, list, () => rulesText(list));
        return 0;
      });
    case 'add': {
      positionals(rest, []);
      const board = needBoard();
      const missing = (['name', 'when', 'then'] as const).filter((k) => values[k] === undefined);
      if (missing.length > 0) throw new UsageError(`rules add: ${missing.map((k) => `--${k}`).join(', ')} required`);
      if (values.on !== undefined && values.on !== 'new-thread' && values.on !== 'every-message')
        throw new UsageError(`--on: ${values.on} is neither new-thread nor every-message`);
      return withClient(values, async (client) => {
        const b = await resolveBoard(client, board);
        const rule = await client.addRule(b.Id, {
          Name: values.name ?? '',
          When: values.when ?? '',
          Then: values.then ?? '',
          ...(values.on === undefined ? {} : { On: values.on as 'new-thread' | 'every-message' }),
        });
        emit(
          json,
          rule,
          () => `Rule ${one(rule.Id)} ${one(rule.Name)} added: ${one(rule.When)} → ${rule.Then.map(one).join(', ')}\n`,
        );
        return 0;
      });
    }
    case 'test': {
      const [raw = ''] = positionals(rest, ['CARD']);
      const id = cardId(raw);
      return withClient(values, async (client) => {
        const t = await client.testRules(id);
        emit(json, t, () => testedText(t));
        return 0;
      });
    }
    case 'disable':
    case 'enable':
    case 'remove': {
      const [ref = ''] = positionals(rest, ['RULE']);
      const board = needBoard();
      return withClient(values, async (client) => {
        const b = await resolveBoard(client, board);
        const list = await client.listRules(b.Id);
        const rule = pick(
          list.Rules.map((r) => ({ ...r, Id: Number(r.Id) })),
          ref,
          'rule',
          ` on board ${b.Name}`,
        );
        if (sub === 'remove') {
          const left = await client.removeRule(b.Id, String(rule.Id));
          emit(json, left, () => `Rule ${one(rule.Name)} removed\n`);
        } else {
          const r = await client.setRuleEnabled(b.Id, String(rule.Id), sub === 'enable');
          emit(json, r, () => `Rule ${one(r.Name)} ${r.Enabled ? 'on' : 'off'}\n`);
        }
        return 0;
      });
    }
    case 'away':
      positionals(rest, []);
      return withClient(values, async (client) => {
        const b = await resolveBoard(client, needBoard());
        const list = await client.setRulesAway(b.Id, values.off !== true);
        emit(json, list, () =>
          values.off === true
            ? `You take work from round-robin on ${one(b.Name)} again\n`
            : `You take no work from round-robin on ${one(b.Name)} (--off to take it again)\n`,
        );
        return 0;
      });
    case undefined:
      throw new UsageError(`missing subcommand: ${SUBS}`);
    default:
      throw new UsageError(`unknown subcommand '${sub}': ${SUBS}`);
  }
}
