/**
 * The config's saved views as a line of tabs under the board's header
 * (`1 Mine  [2 Billing]  0 all`): what each number key shows, the one in
 * force in brackets and inverse. Drawn only when the config has views.
 */
import { Text } from 'ink';
import { sanitize } from '../text/sanitize.js';
import { cellWidth, truncate } from '../text/width.js';
import { viewList } from './views.js';

export interface ViewTabsProps {
  width: number;
  /** The view in force (1-based), 0 for every card, null for a filter that is no view. */
  current: number | null;
}

/** The tabs' words, each with whether it is the one in force; empty without views. */
export function viewTabs(current: number | null): { text: string; on: boolean }[] {
  const views = viewList().slice(0, 9);
  if (views.length === 0) return [];
  const tab = (n: number, name: string) => ({
    text: n === current ? `[${n} ${name}]` : ` ${n} ${name} `,
    on: n === current,
  });
  return [...views.map(([name], i) => tab(i + 1, sanitize(name))), tab(0, 'all')];
}

export function ViewTabs({ width, current }: ViewTabsProps) {
  const tabs = viewTabs(current);
  let left = width;
  return (
    <Text>
      {tabs.map((t, i) => {
        const text = truncate(`${t.text}${i < tabs.length - 1 ? ' ' : ''}`, Math.max(0, left));
        left -= cellWidth(text);
        return (
          <Text key={i} inverse={t.on} bold={t.on}>
            {text}
          </Text>
        );
      })}
    </Text>
  );
}
