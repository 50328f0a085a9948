/**
 * `Y` where the server has no report (DragApp): the view counts the cards
 * each column lists, says the rest is not offered, and Esc goes back to the
 * board. Nothing is asked of it: its dialect is known to have no report.
 */
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createBoardStore, type BoardStore } from '../../src/store/index.js';
import { App } from '../../src/ui/App.js';
import { startDragAppService } from '../support/dragapp-service.js';
import { tick } from './helpers.js';

async function appOn(url: string, key: string) {
  const store: BoardStore = createBoardStore(createClient({ baseUrl: url, apiKey: key, maxAttempts: 1 }));
  const app = render(
    createElement(App, { store, backend: 'test', initialBoardId: 1, refreshSeconds: 0, reactionMs: 0 }),
  );
  const frame = () => app.lastFrame() ?? '';
  const until = async (ok: () => boolean, what: string) => {
    for (let i = 0; i < 500 && !ok(); i++) await tick(10);
    if (!ok()) throw new Error(`never: ${what}\n${frame()}`);
    await tick(10);
  };
  await until(() => frame().includes('›') && !store.getState().boardLoading, 'the board');
  return { store, app, frame, until };
}

describe('Y: the report where the server has none', () => {
  it('DragApp: the cards per column from its listing, the rest said as not offered; Esc back', async () => {
    const svc = await startDragAppService();
    const a = await appOn(svc.url, svc.key);
    try {
      a.app.stdin.write('Y');
      await a.until(() => a.frame().includes('This server offers no report'), 'the listing');
      const f = a.frame();
      expect(f).toMatch(/New\s+\d+\+?/);
      expect(f).toContain('not offered');
      expect(f).not.toContain('Volume per day');
      const listing = a.store.getState().boardReport.listing ?? [];
      expect(listing.length).toBeGreaterThan(0);
      expect(listing.map((c) => c.name)).toEqual(a.store.getState().columns.map((c) => c.name));
      // Known from its dialect to have none: nothing was asked.
      expect(svc.requests.some((r) => r.path.endsWith('/report'))).toBe(false);
      a.app.stdin.write('\x1b');
      await a.until(() => !a.frame().includes('This server offers no report'), 'back to the board');
    } finally {
      a.app.unmount();
      await svc.close();
    }
  });
});
