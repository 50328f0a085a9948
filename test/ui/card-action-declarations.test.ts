/**
 * Each card action is declared once (keys/card-actions.ts) and the board,
 * the card detail and triage bind that declaration: a new one appears on
 * every screen it names (all three unless it says otherwise), with the
 * same key, and the screens' reasons come first.
 */
import { describe, expect, it } from 'vitest';
import { boundOn, CARD_ACTIONS, cardBindings, type CardScreen } from '../../src/ui/keys/card-actions.js';
import type { ScreenKeys } from '../../src/ui/keys/context.js';
import { KEYMAP, screenBindingOf } from '../../src/ui/keymap.js';

const SCREENS = ['board', 'detail', 'triage'] as const;

describe('card actions', () => {
  it('the board, the detail and triage bind every declaration meant for them, with its keys', () => {
    for (const a of CARD_ACTIONS) {
      for (const scope of SCREENS) {
        const bound = KEYMAP.filter((b) => b.scope === scope && b.action === a.action);
        if (!boundOn(a, scope)) {
          expect(bound, `${a.action} in ${scope}`).toEqual([]);
          continue;
        }
        expect(bound, `${a.action} in ${scope}`).toHaveLength(1);
        expect(bound[0]?.keys).toEqual(a.keys);
        for (const k of a.keys) expect(screenBindingOf(scope, k)?.action).toBe(a.action);
      }
    }
    // The nine every screen shares, and the ones only the board and the detail have.
    const everywhere = CARD_ACTIONS.filter((a) => SCREENS.every((s) => boundOn(a, s))).flatMap((a) => a.keys);
    expect(everywhere.sort()).toEqual(['@', 'D', 'N', 'R', 'W', 'a', 'c', 's', 't'].sort());
  });

  it('a card key is a card action on every screen: no screen declares one of its own', () => {
    const declared = new Set(CARD_ACTIONS.map((a) => a.action));
    for (const scope of SCREENS) {
      const own = KEYMAP.filter((b) => b.scope === scope && b.action.startsWith('card.')).map((b) => b.action);
      // The board's and triage's walking and the board's open, new, select and jump are not card actions.
      const rest = own.filter((a) => !declared.has(a));
      expect(
        rest.every((a) =>
          [
            'card.open',
            'card.new',
            'card.select',
            'card.jump',
            'card.next',
            'card.prev',
            'card.first',
            'card.last',
          ].includes(a),
        ),
        `${scope}: ${rest.join(', ')}`,
      ).toBe(true);
    }
  });

  it('a new declaration is bound from the screen’s CardScreen: its reason first, then the action’s own', () => {
    const calls: string[] = [];
    const screen: CardScreen = {
      scope: 'triage',
      unavailable: (_k, many) => (many ? 'screen says no to several' : null),
      targets: () => ({ ids: ['7'], title: 'T', record: (d) => calls.push(`record ${d}`), leave: undefined }),
      selects: false,
      hinted: ['card.tags'],
    };
    const bindings = cardBindings(screen);
    expect(bindings.map((b) => b.action)).toEqual(
      CARD_ACTIONS.filter((a) => boundOn(a, 'triage')).map((a) => a.action),
    );
    const k = { store: { getState: () => ({ offers: () => false }) } } as unknown as ScreenKeys;
    const tags = bindings.find((b) => b.action === 'card.tags');
    expect(tags?.unavailable?.(k)).toBe('screen says no to several');
    expect(tags?.hint).toBe('tags');
    expect(bindings.find((b) => b.action === 'card.comment')?.hint).toBeUndefined();
    // Not offered by the server: the action's own reason, once the screen has a card.
    expect(bindings.find((b) => b.action === 'card.due')?.unavailable?.(k)).toMatch(/not offered/);
    expect(bindings.find((b) => b.action === 'card.comment')?.unavailable?.(k)).toBeNull();
  });
});
