/**
 * `A` on the board: the board's archived cards, newest first, with their
 * column and when they were archived; more load as the highlight nears the
 * end; Enter restores one, on top of its column at once. A server without
 * the list says so on the status bar and the key steps aside.
 */
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createBoardStore } from '../../src/store/index.js';
import { App } from '../../src/ui/App.js';
import { readableCards } from '../support/board-view.js';
import { startRecordedService } from '../support/recorded-service.js';
import { startUi, statusLine, tick, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

describe('A: the board’s archived cards', () => {
  it('lists them with column and date; Enter restores one on top of its column at once', async () => {
    const u = (ui = await startUi());
    const col = u.store.getState().columns[1]!;
    const card = readableCards(await u.other.listCards(u.boardId, col.id, 1)).at(-1)!;
    await u.other.archiveCard(card.ServiceTaskId);
    await u.store.getState().refresh();

    await u.press('A');
    const list = await u.waitFor('Archived cards, newest first');
    await u.waitFor(card.TaskName.slice(0, 20));
    const row = u
      .frame()
      .split('\n')
      .find((l) => l.includes(card.TaskName.slice(0, 20)))!;
    expect(row).toContain(`· ${col.displayName} · archived `);
    expect(list).toContain('Enter restore');

    // Seen as the store changes, not after: the card is on top while the restore is still on its way.
    const onTop: boolean[] = [];
    const stop = u.store.subscribe((s) => {
      if (s.view.columns[col.label]?.[0]?.id === card.ServiceTaskId) onTop.push(s.pending.length > 0);
    });
    await u.press('enter');
    const done = await u.waitFor('Restored “');
    stop();
    expect(statusLine(done)).toContain(`to ${col.displayName}`);
    expect(onTop[0]).toBe(true);
    expect(u.store.getState().pending.length).toBe(0);
    const there = readableCards(await u.other.listCards(u.boardId, col.id, 1));
    expect(there[0]?.ServiceTaskId).toBe(card.ServiceTaskId);
  });

  it('loads the next page as the highlight nears the end', async () => {
    const u = (ui = await startUi());
    const col = u.store.getState().columns[0]!;
    for (let i = 0; i < 55; i++) {
      const made = await u.other.createCard({ BoardId: u.boardId, ColumnId: col.id, CardTitle: `old ${i}` });
      await u.other.archiveCard(made.taskId!);
    }
    await u.press('A');
    await u.waitFor('old 54');
    expect(u.store.getState().archived.pages).toBe(1);
    await u.press('G');
    await u.until(() => u.store.getState().archived.pages === 2, 'the second page');
    expect(u.store.getState().archived.items.length).toBeGreaterThanOrEqual(55);
    await u.press('G');
    await u.waitFor('old 0 ');
  });

  it('a server without the list: A says so, and nothing opens', async () => {
    const svc = await startRecordedService();
    const store = createBoardStore(createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 }));
    const app = render(
      createElement(App, { store, backend: 'test', initialBoardId: 1, refreshSeconds: 0, reactionMs: 0 }),
    );
    try {
      const frame = () => app.lastFrame() ?? '';
      for (let i = 0; i < 400 && !(frame().includes('›') && !store.getState().boardLoading); i++) await tick(10);
      app.stdin.write('A');
      for (let i = 0; i < 400 && !frame().includes('not offered'); i++) await tick(10);
      expect(statusLine(frame())).toContain('Archived cards are not offered by this server');
      expect(frame()).not.toContain('Archived cards, newest first');
      app.stdin.write('A');
      await tick(30);
      expect(statusLine(frame())).toContain('Archived cards are not offered by this server');
      expect(svc.requests.filter((r) => r.path.includes('archived')).length).toBeLessThanOrEqual(1);
    } finally {
      app.unmount();
      await svc.close();
    }
  });
});
