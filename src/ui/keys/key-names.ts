/**
 * Key names as people write them in the config (`"X"`, `"ctrl+x"`,
 * `"shift+left"`, `"space"`) into the keymap's names (`X`, `C-x`, `S-left`,
 * ` `), or the words saying why one can't be read.
 */

/** Scopes where typing is text: a printable key there would be typed, not pressed. */
export const TEXT_SCOPES: ReadonlySet<string> = new Set(['prompt', 'filter-prompt', 'pick-filter', 'search']);
/** Scopes whose keys go through a text prompt's reading (Alt, Ctrl+arrows, Delete are told apart only there). */
export const PROMPT_SCOPES: ReadonlySet<string> = new Set(['prompt', 'filter-prompt', 'search']);

const WORDS: Record<string, string> = {
  enter: 'enter',
  return: 'enter',
  esc: 'esc',
  escape: 'esc',
  tab: 'tab',
  space: ' ',
  backspace: 'backspace',
  delete: 'delete',
  del: 'delete',
  pageup: 'pageup',
  pgup: 'pageup',
  pagedown: 'pagedown',
  pgdn: 'pagedown',
  home: 'home',
  end: 'end',
  up: 'up',
  down: 'down',
  left: 'left',
  right: 'right',
};
const ARROWS = new Set(['up', 'down', 'left', 'right']);
/** Ctrl+letters a terminal sends as another key's byte. */
const SAME_AS: Record<string, string> = { i: 'Tab', m: 'Enter', h: 'Backspace', '[': 'Esc' };

export const KEY_NAME_HELP =
  'use a character ("x", "X", "#"), ctrl+a … ctrl+z, up/down/left/right, shift+ARROW, enter, esc, tab, shift+tab, ' +
  'space, backspace, home, end, pageup, pagedown (in text prompts also delete, alt+LETTER, ctrl+left/right)';

export type ParsedKey = { name: string; promptOnly: boolean } | { error: string };

/** One key as written in the config. */
export function parseKeyName(text: string): ParsedKey {
  if ([...text].length === 1) {
    if (/[\p{Cc}\p{Cf}]/u.test(text)) return { error: `a control character is not a key name: ${KEY_NAME_HELP}` };
    return { name: text, promptOnly: false };
  }
  // The keymap's own names are taken as they are (`C-x`, `S-left`, `M-b`).
  const own = /^([CSM])-(.+)$/.exec(text);
  const plus = /^(ctrl|control|shift|alt|meta|option)\+(.+)$/i.exec(text);
  if (own !== null || plus !== null) {
    const mod =
      own !== null
        ? (own[1] as string)
        : { c: 'C', s: 'S', a: 'M', m: 'M', o: 'M' }[(plus?.[1] ?? 'c')[0]!.toLowerCase()]!;
    const rest = own?.[2] ?? plus?.[2] ?? '';
    const word = rest.length === 1 ? rest : WORDS[rest.toLowerCase()];
    if (word === undefined)
      return { error: `"${rest}" after ${text.slice(0, text.length - rest.length)} is not a key: ${KEY_NAME_HELP}` };
    if (mod === 'S') {
      if (ARROWS.has(word) || word === 'tab') return { name: `S-${word}`, promptOnly: false };
      if (/^[a-z]$/.test(word)) return { name: word.toUpperCase(), promptOnly: false };
      return { error: `shift+${rest} is not told apart by a terminal: use shift with an arrow, tab or a letter` };
    }
    if (mod === 'C') {
      if (word === 'left' || word === 'right') return { name: `C-${word}`, promptOnly: true };
      const letter = word.toLowerCase();
      if (SAME_AS[letter] !== undefined)
        return {
          error: `ctrl+${letter} is the same byte as ${SAME_AS[letter]} in a terminal: bind ${SAME_AS[letter]} or another ctrl+letter`,
        };
      if (/^[a-z]$/.test(letter)) return { name: `C-${letter}`, promptOnly: false };
      return { error: `ctrl+${rest} can't be read from a terminal: use ctrl with a letter (ctrl+a … ctrl+z)` };
    }
    if (/^[a-z]$/i.test(word) || word === 'backspace') return { name: `M-${word.toLowerCase()}`, promptOnly: true };
    return { error: `alt+${rest} is not read: alt works with a letter or backspace, in text prompts` };
  }
  const word = WORDS[text.toLowerCase()];
  if (word === undefined) return { error: `"${text}" is not a key name: ${KEY_NAME_HELP}` };
  return { name: word, promptOnly: word === 'delete' };
}

/** A key that a text field would take as typed text. */
export const isPrintable = (name: string): boolean => [...name].length === 1;

/** A keymap name as the config writes it ('C-x' → 'ctrl+x', ' ' → 'space'): what `inboard keymap --json` prints. */
export function configKeyName(name: string): string {
  if (name === ' ') return 'space';
  const m = /^([CSM])-(.+)$/.exec(name);
  if (m === null) return name;
  return `${{ C: 'ctrl', S: 'shift', M: 'alt' }[m[1] as 'C' | 'S' | 'M']}+${m[2] as string}`;
}
