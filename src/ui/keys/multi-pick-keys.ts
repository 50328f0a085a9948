/**
 * Pickers of several (tags, assignees): a picker's keys, plus Space to mark
 * or unmark the highlighted item, and Enter applying the marks at once —
 * one change per card, one `u` — where a picker's Enter takes one item.
 * Handled by the picker (use-picker-input), like the `pick` scope's keys.
 */
import { OVERLAY_KEYS } from './overlay-keys.js';
import type { Binding } from './types.js';

const MARK: Binding = {
  action: 'list.mark',
  keys: [' '],
  scope: 'multi-pick',
  group: 'App',
  help: 'mark or unmark the highlighted item',
  hint: 'mark',
};

/** What a picker's Enter and digits do once several can be marked. */
const CHANGED: Partial<Record<Binding['action'], Pick<Binding, 'help' | 'hint'>>> = {
  'list.pick': {
    help: 'apply the marks (before any Space: add or remove the highlighted item alone)',
    hint: 'apply',
  },
  'list.nth': { help: 'add or remove the item with that number (after a Space: mark it)' },
};

export const MULTI_PICK_KEYS: readonly Binding[] = OVERLAY_KEYS.filter((b) => b.scope === 'pick').flatMap(
  (b): Binding[] => {
    const own: Binding = { ...b, scope: 'multi-pick', ...CHANGED[b.action] };
    return b.action === 'list.pick' ? [MARK, own] : [own];
  },
);
