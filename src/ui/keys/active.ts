/**
 * The keymap in force: the built-in table with the user's `"keys"` applied
 * (keys/user-keys.ts), installed once at start before anything is drawn.
 * Everything that reads keys — input, `?` help, the footer, the prompts'
 * key lines — reads this, never the built-in tables directly, so what is
 * shown is what the keys do.
 */
import { displayKey } from './names.js';
import type { Action, Binding, Scope } from './types.js';
import { MODAL } from './user-keys.js';

let table: readonly Binding[] = [];
let index = new Map<string, Binding>();
let version = 0;

/** Makes `next` the keymap in force; throws (naming the key and both actions) on a key bound twice in a scope. */
export function installKeymap(next: readonly Binding[]): void {
  const built = new Map<string, Binding>();
  for (const b of next) {
    for (const k of b.keys) {
      const id = `${b.scope}:${k}`;
      const other = built.get(id);
      if (other !== undefined)
        throw new Error(`keymap: ${k} is bound twice in ${b.scope} (${other.action} and ${b.action})`);
      built.set(id, b);
    }
  }
  table = next;
  index = built;
  version++;
}

/** Every binding in force. */
export const activeTable = (): readonly Binding[] => table;

/** The binding of a key in a scope (no global fallback). */
export const boundIn = (scope: Scope, key: string): Binding | undefined => index.get(`${scope}:${key}`);

/** A binding in force by scope and action id. */
export const activeBinding = (scope: Scope, action: Action): Binding | undefined =>
  table.find((b) => b.scope === scope && b.action === action);

/** Changes each time a keymap is installed: for what is worked out from the keys once (a prompt's key bytes). */
export const keymapVersion = (): number => version;

/**
 * The words that tell a person which key does an action, in force: "press X"
 * (a screen's key, else the global one), or that it has none.
 */
export function press(scope: Scope, action: Action): string {
  const b = activeBinding(scope, action) ?? (MODAL.has(scope) ? undefined : activeBinding('global', action));
  const first = b === undefined ? undefined : shown(b.keys);
  return first === undefined ? `${action} has no key (see "keys" in the config)` : `press ${displayKey(first)}`;
}

/** The key in force for an action as people read it ("Esc", "Ctrl+G"), or null when it has none. */
export function keyOf(scope: Scope, action: Action): string | null {
  const keys = activeBinding(scope, action)?.keys;
  const first = keys === undefined ? undefined : shown(keys);
  return first === undefined ? null : displayKey(first);
}

/** The key to name of several: a character one (`j` rather than ↓), else the first. */
const shown = (keys: readonly string[]): string | undefined => keys.find((k) => [...k].length === 1) ?? keys[0];
