/**
 * `O`: the open board's rules, in the order they run, each with what it
 * does and whether it is on — a rule the service turned off says why (a tag
 * renamed, a column deleted). Enter turns the highlighted rule off, or on
 * again (the owner's; the service checks it first and may say no, in its
 * words, on the list's own line). Adding rules is `inboard rules add`.
 */
import { EXTENSION_WORDS } from '../../api/extension-words.js';
import type { Rule } from '../../api/schema-rules.js';
import { ownerOnly, type BoardState, type RulesList } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import type { PickOverlay } from '../overlay.js';
import type { PickItem } from '../prompts/types.js';
import { why, type Flow } from './flow.js';

export const RULES_NOT_OFFERED = `${EXTENSION_WORDS.rules} is not offered by this server`;

/** Why `O` can't run now, or null: no board, or a server without rules (DragApp). */
export function rulesUnavailable(s: BoardState): string | null {
  if (s.boardId === null) return 'No board is open';
  if (s.offers('rules') === false) return RULES_NOT_OFFERED;
  return null;
}

const stateWords = (r: Rule): string =>
  !r.Enabled
    ? `off${r.DisabledReason === null ? '' : ` — ${r.DisabledReason}`}`
    : r.Problem === null
      ? 'on'
      : `on, but ${r.Problem}`;

export function ruleLabel(r: Rule): string {
  return sanitize(`${r.Name} · ${r.When} → ${r.Then.join(', ')} · ${stateWords(r)}`);
}

type Status = { text: string; error?: boolean } | null;

function listStatus(l: RulesList): Status {
  if (l.error !== null) return { text: `Couldn’t load the rules: ${l.error}`, error: true };
  if (!l.loading && l.items.length === 0)
    return { text: 'No rules on this board: inboard rules add --board … adds one.' };
  const off = l.items.find((r) => !r.Enabled && r.DisabledReason !== null);
  if (off !== undefined)
    return { text: sanitize(`${off.Name} was turned off: ${off.DisabledReason ?? ''}`), error: true };
  return l.away.length === 0 ? null : { text: sanitize(`Away from round-robin: ${l.away.join(', ')}`) };
}

export function boardRules(f: Flow): void {
  const store = f.store;
  void store.getState().loadRules();
  let said: Status = null;
  let stop = (): void => undefined;
  const close = (): void => {
    stop();
    f.overlays.close(key);
  };
  const items = (l: RulesList): PickItem[] =>
    l.items.map((r) => ({ value: r.Id, label: ruleLabel(r), dim: !r.Enabled }));
  const build = (): PickOverlay => {
    const l = store.getState().boardRules;
    return {
      kind: 'pick',
      title: 'Rules of this board, in the order they run on arriving mail — Enter turns one off or on',
      items: items(l),
      loading: l.loading && l.items.length === 0,
      status: said ?? listStatus(l),
      help: `${l.error !== null ? 'r retry · ' : ''}Enter off/on (the owner’s) · Esc close`,
      onCancel: close,
      onRetry: () => void store.getState().loadRules(),
      onPick: (value) => {
        const s = store.getState();
        const rule = s.boardRules.items.find((r) => r.Id === value);
        if (rule === undefined) return;
        const no = ownerOnly(s, s.boardId, rule.Enabled ? 'turn rules off' : 'turn rules on');
        if (no !== null) return f.overlays.update(key, { status: { text: no, error: true } });
        s.setRuleEnabled(rule.Id, !rule.Enabled).then(
          (r) => {
            said = { text: sanitize(`${r.Name} is ${r.Enabled ? 'on' : 'off'}`) };
            f.overlays.update(key, build());
          },
          (e: unknown) => {
            said = { text: sanitize(why(e)), error: true };
            f.overlays.update(key, build());
          },
        );
      },
    };
  };
  const key = f.overlays.show(build());
  stop = store.subscribe((s, before) => {
    if (s.boardRules === before.boardRules) return;
    if (s.boardRules.unsupported) {
      close();
      f.notify(RULES_NOT_OFFERED);
      return;
    }
    said = null;
    f.overlays.update(key, build());
  });
}
