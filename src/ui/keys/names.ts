/** Key names: Ink's (input, key) as the keymap names keys, and how people read them. */
import type { Key } from 'ink';

/** Ink's (input, key) as one name the table uses. */
export function keyName(input: string, key: Key): string {
  const shift = key.shift ? 'S-' : '';
  if (key.upArrow) return `${shift}up`;
  if (key.downArrow) return `${shift}down`;
  if (key.leftArrow) return `${shift}left`;
  if (key.rightArrow) return `${shift}right`;
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return key.shift ? 'S-tab' : 'tab';
  // Ink 6.8 reports Backspace (0x7f) as `delete`: both delete backwards.
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl && input) return `C-${input.toLowerCase()}`;
  return input;
}

/** How a key name is shown to people. */
export function displayKey(name: string): string {
  const arrows: Record<string, string> = { left: '←', right: '→', up: '↑', down: '↓', tab: 'Tab' };
  if (name.startsWith('S-')) return `Shift+${arrows[name.slice(2)] ?? name.slice(2)}`;
  if (name.startsWith('C-') || name.startsWith('M-')) {
    const rest = displayKey(name.slice(2));
    return `${name.startsWith('C-') ? 'Ctrl' : 'Alt'}+${rest.length === 1 ? rest.toUpperCase() : rest}`;
  }
  if (arrows[name]) return arrows[name];
  const words: Record<string, string> = {
    enter: 'Enter',
    esc: 'Esc',
    tab: 'Tab',
    backspace: 'Backspace',
    delete: 'Delete',
    pageup: 'PgUp',
    pagedown: 'PgDn',
    home: 'Home',
    end: 'End',
    ' ': 'Space',
  };
  return words[name] ?? name;
}

/** The byte a terminal sends for a Ctrl+letter key name ('C-w' → 0x17), or undefined. */
export function ctrlByte(name: string): string | undefined {
  const m = /^C-([a-z])$/.exec(name);
  return m ? String.fromCharCode((m[1] as string).charCodeAt(0) - 96) : undefined;
}
