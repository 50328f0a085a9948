/**
 * `O` on the board: the board's rules in the order they run, over the real
 * service — a rule the service turned off says why (its tag deleted), and
 * Enter turns the highlighted one off; on DragApp the key says rules are
 * not offered there, asking nothing.
 */
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createBoardStore } from '../../src/store/index.js';
import { App } from '../../src/ui/App.js';
import { startDragAppService } from '../support/dragapp-service.js';
import { rawMail } from '../support/mail.js';
import { startUi, statusLine, tick, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

describe('the board’s rules (Ctrl+R)', () => {
  it('lists them with why one was turned off, and Enter turns one off', async () => {
    ui = await startUi({ columns: 200 });
    const u = ui;
    const [, second] = await u.other.listColumns(u.boardId);
    await u.other.addRule(u.boardId, { Name: 'Refunds', When: 'refund', Then: `move:${second?.Name ?? ''}` });
    const tag = await u.other.raw('POST', '/v2/tag', { BoardId: u.boardId, Name: 'Old', Color: 1 });
    const tagId = (JSON.parse(tag.body) as { data: { Id: number } }).data.Id;
    await u.other.addRule(u.boardId, { Name: 'Olds', When: 'antique', Then: 'tag:Old' });
    await u.other.raw('DELETE', `/v2/tag?BoardId=${u.boardId}&TagId=${tagId}`);
    const mail = rawMail({ subject: 'Antique lamp', messageId: '<antique@c.example>' }).toString('base64');
    expect((await u.other.raw('POST', '/v2/mail/inbound', { BoardId: u.boardId, Message: mail })).status).toBe(200);

    await u.press('C-r');
    const frame = await u.waitFor('Olds was turned off');
    expect(frame).toContain('Rules of this board, in the order they run');
    expect(frame).toContain(`Refunds · refund → move:${second?.Name ?? ''} · on`);
    expect(frame).toContain('Olds was turned off: Then: tag:Old: the board has no tag Old');
    await u.press('\r');
    await u.waitFor('Refunds is off');
    const rules = await u.other.listRules(u.boardId);
    expect(rules.Rules.map((r) => [r.Name, r.Enabled])).toEqual([
      ['Refunds', false],
      ['Olds', false],
    ]);
  });
});

describe('a server without rules', () => {
  it('DragApp: Ctrl+R says rules are not offered there, before asking anything', async () => {
    const svc = await startDragAppService();
    const store = createBoardStore(createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 }));
    const app = render(
      createElement(App, { store, backend: 'test', initialBoardId: 1, refreshSeconds: 0, reactionMs: 0 }),
    );
    const frame = () => app.lastFrame() ?? '';
    try {
      for (let i = 0; i < 500 && !(frame().includes('›') && !store.getState().boardLoading); i++) await tick(10);
      app.stdin.write('\x12');
      for (let i = 0; i < 500 && !statusLine(frame()).includes('not offered'); i++) await tick(10);
      expect(statusLine(frame())).toContain('Sorting mail by rules is not offered by this server');
      expect(frame()).not.toContain('Rules of this board');
      expect(svc.requests.filter((r) => /rules/.test(r.path))).toEqual([]);
    } finally {
      app.unmount();
      await svc.close();
    }
  });
});
