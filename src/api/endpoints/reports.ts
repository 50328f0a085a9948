/**
 * A board's report (extension `reports`, schema-reports.ts): GET
 * /v2/board/:id/report. Through `Wire.extension`, so a server without it
 * (DragApp) is asked once and then refused at once, in words.
 */
import type { Endpoints } from '../operations.js';
import { Report } from '../schema-reports.js';
import { seg } from '../wire.js';

export const reportEndpoints: Endpoints<'getBoardReport'> = {
  getBoardReport: (w, boardId, period, o) => {
    const path = `/v2/board/${seg(String(boardId))}/report`;
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(period)) if (typeof v === 'string') query[k] = v;
    return w.extension('reports', 'GET', path, () => w.env(Report, 'GET', path, { query, o }));
  },
};
