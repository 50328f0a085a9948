/**
 * The board's report (`Y`) over the screen's body: the same lines as
 * `inboard report` (text/report-lines.ts) at the screen's width, scrolled
 * with the keymap's `report` keys; `p` the period, `b` the breakdown, `?`
 * what each figure means, Esc back to the board. A server without reports
 * shows the cards per column it lists, and says the rest is not offered.
 */
import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import type { ReportBy } from '../api/schema-reports.js';
import { listingLines, reportLines, type ReportLine } from '../text/report-lines.js';
import { sanitize } from '../text/sanitize.js';
import { fit } from '../text/width.js';
import { wrap } from '../text/wrap.js';
import { helpLines } from './Help.js';
import { useKeyHandler } from './hooks/use-key-router.js';
import { actionFor, keyName } from './keymap.js';
import { scrollStep } from './keys/scroll.js';
import { REPORT_DEFINITIONS } from './report-definitions.js';
import { useBoard, useBoardStore } from './store-context.js';
import { color } from './theme.js';

const PERIODS = ['7d', '30d', '90d'];
const BYS: ReportBy[] = ['assignee', 'tag', 'mailbox'];
const next = <T,>(list: readonly T[], now: T): T => list[(list.indexOf(now) + 1) % list.length] ?? now;

export interface ReportViewProps {
  width: number;
  height: number;
  onClose: () => void;
}

/** `?`: the definitions, then the report's keys. */
function definitionLines(width: number): ReportLine[] {
  const out: ReportLine[] = [{ text: 'What each figure means', kind: 'title' }];
  for (const [figure, meaning] of REPORT_DEFINITIONS) {
    out.push({ text: figure, kind: 'heading' });
    for (const l of wrap(meaning, Math.max(20, width - 2))) out.push({ text: `  ${l}`, kind: 'body' });
  }
  out.push({ text: '', kind: 'body' }, { text: 'Keys', kind: 'heading' });
  for (const l of helpLines('report'))
    out.push({ text: l.heading === true ? l.text : `  ${l.key}  ${l.text}`, kind: 'body' });
  return out;
}

export function ReportView({ width, height, onClose }: ReportViewProps) {
  const store = useBoardStore();
  const state = useBoard((s) => s.boardReport);
  const boardName = useBoard((s) => s.boards.items.find((b) => b.Id === s.boardId)?.Name ?? '');
  const [definitions, setDefinitions] = useState(false);
  const [top, setTop] = useState(0);
  const lines = useMemo((): ReportLine[] => {
    if (definitions) return definitionLines(width);
    if (state.report !== null) return reportLines(state.report, boardName, width);
    if (state.listing !== null) return listingLines(boardName, state.listing, width);
    return [];
  }, [definitions, state.report, state.listing, boardName, width]);
  // The title line takes one; the app's footer says the keys.
  const rows = Math.max(1, height - 1 - (state.error !== null && !definitions ? 1 : 0));
  const last = Math.max(0, lines.length - rows);
  useKeyHandler((input, key) => {
    const action = actionFor('report', keyName(input, key));
    if (action === 'report.close') {
      if (definitions) return setDefinitions(false);
      return onClose();
    }
    if (action === 'help') {
      setTop(0);
      return setDefinitions((d) => !d);
    }
    const s = store.getState();
    if (action === 'report.period') return void s.loadReport(next(PERIODS, s.boardReport.since), undefined);
    if (action === 'report.by') return void s.loadReport(undefined, next(BYS, s.boardReport.by));
    if (action === 'report.refresh') return void s.loadReport();
    const step = scrollStep(action, rows);
    if (step !== 0) setTop((t) => Math.max(0, Math.min(t + step, last)));
  });
  const shownTop = Math.min(top, last);
  const shown = lines.slice(shownTop, shownTop + rows);
  const head = definitions
    ? 'Report — definitions'
    : `Report — last ${state.since}, by ${state.by}${state.loading ? ' — reading…' : ''}`;
  const where = lines.length > rows ? ` — lines ${shownTop + 1}–${shownTop + shown.length} of ${lines.length}` : '';
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text bold color={color('accent')}>
        {fit(`${head}${where}`, width)}
      </Text>
      {state.error !== null && !definitions ? (
        <Text color={color('error')}>{fit(`✗ ${sanitize(state.error)} — r to try again`, width)}</Text>
      ) : null}
      {shown.map((l, i) => (
        <Text
          key={shownTop + i}
          bold={l.kind === 'title' || l.kind === 'heading'}
          dimColor={l.kind === 'note'}
          color={l.kind === 'heading' ? color('accent') : undefined}
        >
          {fit(l.text, width)}
        </Text>
      ))}
    </Box>
  );
}
