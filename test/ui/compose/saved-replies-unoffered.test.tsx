/**
 * Saved replies where the server keeps none: on DragApp, the composer's
 * saved-reply key says so in words, asks nothing, and the text typed stays.
 */
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client.js';
import { createBoardStore } from '../../../src/store/index.js';
import { App } from '../../../src/ui/App.js';
import { HEX_THREAD } from '../../support/dragapp-shapes.js';
import { startDragAppService } from '../../support/dragapp-service.js';
import { tick } from '../helpers.js';
import { alt } from './mail-support.js';

describe('saved replies on DragApp', () => {
  it('Alt+V in the reply composer says they are not offered; nothing is asked, the text stays', async () => {
    const svc = await startDragAppService();
    const store = createBoardStore(createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 }));
    const app = render(
      createElement(App, { store, backend: 'test', initialBoardId: 1, refreshSeconds: 0, reactionMs: 0 }),
    );
    const frame = () => app.lastFrame() ?? '';
    const until = async (ok: () => boolean, what: string) => {
      for (let i = 0; i < 500 && !ok(); i++) await tick(10);
      if (!ok()) throw new Error(`never: ${what}\n${frame()}`);
      await tick(10);
    };
    try {
      await until(() => frame().includes('›') && !store.getState().boardLoading, 'the board');
      store.getState().focusCardId(HEX_THREAD);
      app.stdin.write('\r');
      await until(() => frame().includes('Thread ('), 'the thread');
      app.stdin.write('w');
      await until(() => frame().includes('Reply to'), 'the composer');
      app.stdin.write('Thanks, Jane.');
      await until(() => frame().includes('Thanks, Jane.'), 'the text');
      app.stdin.write(alt('v'));
      await until(() => frame().includes('Saved replies are not offered by this server'), 'the refusal');
      expect(frame()).toContain('Thanks, Jane.');
      expect(frame()).not.toContain('Saved replies for');
      expect(svc.requests.filter((r) => /saved-replies/.test(r.path))).toEqual([]);
    } finally {
      app.unmount();
      await svc.close();
    }
  });
});
