/**
 * The board's notifications, drawn: on the local service the header counts
 * Sam's unread (read as the stream opens) and `I` lists them; on DragApp
 * (known from the start to have none) `I` says so before asking anything.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client.js';
import { createUserKey } from '../../../src/server/auth.js';
import { startService } from '../../../src/server/index.js';
import { openDatabase } from '../../../src/server/sql/open.js';
import { DEMO_TEAMMATE } from '../../../src/server/seed.js';
import { createBoardStore, type BoardStore } from '../../../src/store/index.js';
import { App } from '../../../src/ui/App.js';
import { startDragAppService } from '../../support/dragapp-service.js';
import { statusLine, tick } from '../helpers.js';
import { migratedSqliteFile } from '../../server/helpers.js';

async function appOn(url: string, key: string, live = false) {
  const store: BoardStore = createBoardStore(createClient({ baseUrl: url, apiKey: key, maxAttempts: 1 }), { live });
  const app = render(
    createElement(App, { store, backend: 'test', initialBoardId: 1, refreshSeconds: 0, reactionMs: 0 }),
  );
  const frame = () => app.lastFrame() ?? '';
  const until = async (ok: () => boolean, what: string) => {
    for (let i = 0; i < 1000 && !ok(); i++) await tick(10);
    if (!ok()) throw new Error(`never: ${what}\n${frame()}`);
    await tick(10);
  };
  await until(() => frame().includes('›') && !store.getState().boardLoading, 'the board');
  return { store, app, frame, until };
}

describe('notifications on the board', () => {
  it('the header counts Sam’s unread, live; I lists who, what and the card', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inboard-ui-notify-'));
    const dbPath = migratedSqliteFile(dir, 'x.db');
    const svc = await startService({ dbPath, demo: true, notify: { tickMs: 0 } });
    const db = await openDatabase(dbPath);
    const samKey = await createUserKey(db, { email: DEMO_TEAMMATE, plan: 'pro' }).finally(() => db.close());
    const owner = createClient({ baseUrl: svc.url, apiKey: svc.apiKey, maxAttempts: 1 });
    const a = await appOn(svc.url, samKey, true);
    try {
      await a.until(() => a.store.getState().live === 'live', 'live');
      expect(a.frame()).not.toContain('unread notification');
      const cardId = a.store.getState().cursor.cardId ?? '';
      const said = await owner.raw('POST', '/v2/comment', { CardId: cardId, Body: '@sam a look, please' });
      expect(said.status, said.body).toBe(200);
      await a.until(() => a.frame().includes('1 unread notification (I)'), 'the count');
      a.app.stdin.write('I');
      await a.until(() => a.frame().includes('Notifications, newest first — 1 unread'), 'the list');
      expect(a.frame()).toContain('owner@inboard.local mentioned you');
      a.app.stdin.write('\x1b');
      await a.until(() => !a.frame().includes('Notifications, newest first'), 'closed');
    } finally {
      a.app.unmount();
      a.store.getState().stopLive();
      await svc.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('DragApp: I says notifications are not offered, before asking anything', async () => {
    const svc = await startDragAppService();
    const a = await appOn(svc.url, svc.key);
    try {
      a.app.stdin.write('I');
      await a.until(() => statusLine(a.frame()).includes('Notifications are not offered by this server'), 'I says so');
      expect(a.frame()).not.toContain('Notifications, newest first');
      expect(svc.requests.filter((r) => /notifications/.test(r.path))).toEqual([]);
    } finally {
      a.app.unmount();
      await svc.close();
    }
  });
});
