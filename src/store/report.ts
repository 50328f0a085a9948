/**
 * The open board's report (`Y`, the `reports` extension): the figures the
 * service computes over a period. A server without reports (DragApp) gets
 * what its listing tells — the cards each column holds as loaded — and the
 * rest is said as not offered, never guessed. A load never rejects: a
 * failure lands in `error`.
 */
import type { Report, ReportBy, ReportParams } from '../api/schema-reports.js';
import type { Core, CoreData } from './core.js';
import type { PagingData } from './paging.js';
import { errorText } from './status.js';

/** A column as a listing tells it: the cards loaded, and whether more pages are left. */
export interface ListedColumn {
  readonly name: string;
  readonly open: number;
  readonly more: boolean;
}

export interface ReportState {
  readonly boardId: number | null;
  readonly since: string;
  readonly by: ReportBy;
  readonly report: Report | null;
  /** Set when the server offers no report. */
  readonly listing: readonly ListedColumn[] | null;
  readonly loading: boolean;
  readonly error: string | null;
}

export interface ReportData {
  boardReport: ReportState;
}

export interface ReportActions {
  /** The open board's report, read afresh for `since` (`30d`) and `by`. */
  loadReport(since?: string, by?: ReportBy): Promise<void>;
}

export const NO_REPORT: ReportState = {
  boardId: null,
  since: '30d',
  by: 'assignee',
  report: null,
  listing: null,
  loading: false,
  error: null,
};

export function makeReport(core: Core<CoreData & PagingData & ReportData>): ReportActions {
  /** Bumped by every load: an older answer is dropped. */
  let run = 0;
  const listing = (): ListedColumn[] => {
    const s = core.get();
    return s.columns.map((c) => ({
      name: c.name,
      open: s.view.columns[c.label]?.length ?? 0,
      more: s.paging[c.label]?.hasMore === true && (s.paging[c.label]?.pages ?? 0) > 0,
    }));
  };
  return {
    async loadReport(since, by) {
      const s = core.get();
      const boardId = s.boardId;
      if (boardId === null) return;
      const next = { since: since ?? s.boardReport.since, by: by ?? s.boardReport.by };
      const mine = ++run;
      if (core.client.offers('reports') === false) {
        core.set({ boardReport: { ...NO_REPORT, ...next, boardId, listing: listing() } });
        return;
      }
      core.set({ boardReport: { ...s.boardReport, ...next, boardId, loading: true, error: null } });
      const params: ReportParams = { since: next.since, by: next.by };
      try {
        const report = await core.client.getBoardReport(boardId, params);
        if (mine === run) core.set({ boardReport: { ...NO_REPORT, ...next, boardId, report } });
      } catch (e) {
        if (mine !== run) return;
        if (core.client.offers('reports') === false)
          core.set({ boardReport: { ...NO_REPORT, ...next, boardId, listing: listing() } });
        else core.set({ boardReport: { ...core.get().boardReport, loading: false, error: errorText(e) } });
      }
    },
  };
}
