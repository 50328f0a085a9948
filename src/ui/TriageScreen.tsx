import { Box, Text } from 'ink';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { fit } from '../text/width.js';
import { CardDetail } from './CardDetail.js';
import { useLiveDetail } from './hooks/use-live-detail.js';
import { useBoard } from './store-context.js';
import type { Triage } from './triage.js';
import { color } from './theme.js';

export interface TriageScreenProps {
  triage: Triage;
  width: number;
  height: number;
}

/** The newest message first: what the card is waiting on. */
const TRIAGE_THREAD = { newestFirst: true, read: true, unfoldable: true } as const;

/** The columns by the digit that moves a card there: `1 New · 2 In progress · …` (names already terminal-safe). */
function digits(names: readonly string[]): string {
  return names
    .slice(0, 9)
    .map((n, i) => `${i + 1} ${n}`)
    .join(' · ');
}

/** Triage (`i`): a progress line, the keys, and the whole card on screen (src/ui/triage.ts walks the column). */
export function TriageScreen({ triage, width, height }: TriageScreenProps) {
  useSyncExternalStore(triage.subscribe, triage.getVersion);
  // Strings read off the store: the counts are of the board as it is now.
  const phase = useBoard((s) => triage.phase(s));
  const column = useBoard((s) => triage.columnName(s));
  const progress = useBoard((s) => triage.progress(s));
  const done = useBoard((s) => triage.doneLine(s));
  const refused = useBoard((s) => triage.refusedText(s));
  const columns = useBoard((s) => s.columns);
  const id = triage.current();
  // The card with the user's changes still on their way drawn over it (a tag, a read mark).
  const detail = useLiveDetail(id);
  useLayoutEffect(() => {
    if (id !== null && detail !== null) triage.drawn(id);
  });
  const names = digits(columns.map((c) => c.displayName));
  const title = `Triage · ${column}${triage.filterLabel === null ? '' : ` (filter: ${triage.filterLabel})`}`;

  if (phase !== 'card') {
    return (
      <Box flexDirection="column" height={height}>
        <Text bold>{fit(title, width)}</Text>
        <Text> </Text>
        {phase === 'loading' ? (
          <Text dimColor>{fit(`Loading more cards of ${column}…`, width)}</Text>
        ) : (
          <>
            <Text color={color('ok')} bold>
              {fit(done, width)}
            </Text>
            <Text dimColor>{fit('Esc or q: back to the board · k: the last card again · u: undo', width)}</Text>
          </>
        )}
      </Box>
    );
  }

  const top = refused === null ? 2 : 3;
  return (
    <Box flexDirection="column" height={height}>
      <Text bold>{fit(`${title} · ${progress}`, width)}</Text>
      <Text dimColor>{fit(`Move to: ${names}`, width)}</Text>
      {refused !== null && <Text color={color('warning')}>{fit(refused, width)}</Text>}
      {detail === null ? (
        <Text dimColor>loading…</Text>
      ) : (
        <CardDetail
          detail={detail}
          columns={columns}
          width={width}
          height={height - top}
          scroll={triage.scroll}
          footer={(below) => (below > 0 ? `↓ ${below} more lines — ↓/↑ scroll` : ' ')}
          thread={TRIAGE_THREAD}
        />
      )}
    </Box>
  );
}
