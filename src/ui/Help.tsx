import { Box, Text } from 'ink';
import { bindingsFor, displayKey, type Binding, type Scope } from './keymap.js';

/** The `?` screen, generated from the keymap table. */
export function Help({ scope, height }: { scope: Scope; height: number }) {
  const groups = new Map<string, Binding[]>();
  for (const b of bindingsFor(scope)) {
    const list = groups.get(b.group) ?? [];
    if (!list.some((x) => x.action === b.action)) list.push(b);
    groups.set(b.group, list);
  }
  const lines: { key: string; text: string; heading?: boolean }[] = [];
  for (const [group, list] of groups) {
    lines.push({ key: group, text: group, heading: true });
    for (const b of list) lines.push({ key: `${group}:${b.action}`, text: `  ${b.keys.map(displayKey).join(' / ').padEnd(22)} ${b.help}` });
  }
  return (
    <Box flexDirection="column" height={height} flexWrap="wrap">
      <Text bold>Keys — press ? or Esc to close</Text>
      {lines.slice(0, Math.max(0, height * 2 - 2)).map((l) => (
        <Text key={l.key} bold={l.heading === true} dimColor={l.heading !== true ? false : undefined}>
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
