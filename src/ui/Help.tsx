import { Box, Text } from 'ink';
import { useKeyHandler } from './hooks/use-key-router.js';
import { actionFor, bindingsFor, displayKey, keyName, type Binding, type Scope } from './keymap.js';

/** What the help says it lists, by the scope it was opened from. */
const WHAT: Partial<Record<Scope, string>> = {
  board: 'the board',
  detail: 'the card',
  picker: 'the board list',
  pick: 'this list',
  tags: 'the tag manager',
  sequence: 'this sequence',
};

/** A binding's keys as the help shows them; 1 to 9 as one range. */
const keysText = (b: Binding): string => (b.keys.join('') === '123456789' ? '1–9' : b.keys.map(displayKey).join(' / '));

interface Line {
  key: string;
  text: string;
  heading?: boolean;
}

/** A scope's bindings as lines, grouped; a list with a `/` filter gets the filter's keys after them. */
export function helpLines(scope: Scope): Line[] {
  const groups = new Map<string, Binding[]>();
  const own = bindingsFor(scope);
  for (const b of own) {
    const list = groups.get(b.group) ?? [];
    if (!list.some((x) => x.action === b.action)) list.push(b);
    groups.set(b.group, list);
  }
  if (own.some((b) => b.action === 'pick.filter')) groups.set('While filtering (after /; other keys are text)', bindingsFor('pick-filter'));
  const lines: Line[] = [];
  for (const [group, list] of groups) {
    lines.push({ key: group, text: group, heading: true });
    for (const b of list) lines.push({ key: `${group}:${b.action}`, text: `  ${keysText(b).padEnd(22)} ${b.help}` });
  }
  return lines;
}

/**
 * The `?` screen, generated from the keymap table for what was open. It
 * takes keys itself, pinned on top of the router (see KeyRouter.push):
 * what it covers stays mounted and registered underneath, as it was.
 */
export function Help({ scope, height, onClose }: { scope: Scope; height: number; onClose(): void }) {
  useKeyHandler((input, key) => {
    if (actionFor('help', keyName(input, key)) === 'back') onClose();
  }, true, false, false, { pinned: true });
  const what = WHAT[scope];
  return (
    <Box flexDirection="column" height={height} flexWrap="wrap">
      <Text bold>{`Keys${what === undefined ? '' : ` of ${what}`} — press ? or Esc to close`}</Text>
      {helpLines(scope).slice(0, Math.max(0, height * 2 - 2)).map((l) => (
        <Text key={l.key} bold={l.heading === true} dimColor={l.heading !== true ? false : undefined}>
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
