/**
 * Running a board against a server without the board and column routes (the
 * recorded real service): the key is offered, the server's answer says it is
 * not, and from then on the key says so at once.
 */
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createBoardStore } from '../../src/store/index.js';
import { App } from '../../src/ui/App.js';
import { startRecordedService } from '../support/recorded-service.js';
import { statusLine, tick } from './helpers.js';

describe('a server without the routes (the recorded real service)', () => {
  it('E is offered, the server’s answer says it is not; then E says so without a prompt', async () => {
    const svc = await startRecordedService();
    const store = createBoardStore(createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 }));
    const app = render(
      createElement(App, { store, backend: 'test', initialBoardId: 1, refreshSeconds: 0, reactionMs: 0 }),
    );
    try {
      const frame = () => app.lastFrame() ?? '';
      const until = async (ok: () => boolean, what: string) => {
        for (let i = 0; i < 500 && !ok(); i++) await tick(10);
        if (!ok()) throw new Error(`never: ${what}\n${frame()}`);
        await tick(10);
      };
      await until(() => frame().includes('›') && !store.getState().boardLoading, 'the board');
      app.stdin.write('E');
      await until(() => frame().includes('Rename column'), 'the prompt');
      app.stdin.write('\x15');
      app.stdin.write('Later');
      await tick(20);
      app.stdin.write('\r');
      await until(() => frame().includes('not offered'), 'the refusal');
      expect(statusLine(frame())).toContain('Renaming a column is not offered by this server');
      expect(frame()).toContain('Later');
      app.stdin.write('\x1b');
      await until(() => !frame().includes('Rename column'), 'the prompt closed');
      app.stdin.write('E');
      await until(
        () => statusLine(frame()).includes('Renaming a column is not offered by this server'),
        'said at once',
      );
      expect(frame()).not.toContain('Rename column');
      expect(svc.requests.filter((r) => r.method === 'PUT' && r.path.includes('/column/')).length).toBe(1);
    } finally {
      app.unmount();
      await svc.close();
    }
  });
});
