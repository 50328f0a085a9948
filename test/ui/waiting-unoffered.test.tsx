/**
 * Snooze and response targets where the server has neither: DragApp (known
 * from the start to lack them) says so on W, O and P before anything is
 * asked, and `o` that no card says how long its customer has waited; the recorded real service (not known until asked) takes the
 * snooze, refuses it in words, puts the card back — and from then on W says
 * so at once.
 */
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createBoardStore, type BoardStore } from '../../src/store/index.js';
import { App } from '../../src/ui/App.js';
import { startDragAppService } from '../support/dragapp-service.js';
import { startRecordedService } from '../support/recorded-service.js';
import { statusLine, tick } from './helpers.js';

/** The app on `url`'s board 1, with what a test needs of it. */
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

describe('a server without snooze or targets', () => {
  it('DragApp: W, O and P say so before asking anything, and o that there is nothing to sort by', async () => {
    const svc = await startDragAppService();
    const a = await appOn(svc.url, svc.key);
    try {
      for (const [key, words] of [
        ['W', 'Snoozing cards is not offered by this server'],
        ['z', 'Snoozing cards is not offered by this server'],
        ['P', 'Setting response targets is not offered by this server'],
        ['o', 'This server does not say how long customers have waited: there is nothing to sort by'],
      ] as const) {
        a.store.getState().clearError();
        a.app.stdin.write(key);
        await a.until(() => statusLine(a.frame()).includes(words), `${key} says so`);
        expect(a.frame()).not.toContain('Snooze “');
        expect(a.frame()).not.toContain('Response targets of this board');
      }
      // The board's targets were asked for once as it opened, as its mailboxes are; the keys asked nothing.
      expect(svc.requests.filter((r) => /snooze/.test(r.path))).toEqual([]);
      expect(svc.requests.filter((r) => /targets/.test(r.path)).map((r) => r.method)).toEqual(['GET']);
    } finally {
      a.app.unmount();
      await svc.close();
    }
  });

  it('the recorded real service: the snooze is refused in words and the card comes back; then W says so at once', async () => {
    const svc = await startRecordedService();
    const a = await appOn(svc.url, svc.key);
    try {
      const focused = a.store.getState().cursor.cardId!;
      a.app.stdin.write('W');
      await a.until(() => a.frame().includes('Snooze “'), 'the prompt');
      a.app.stdin.write('tomorrow 9');
      await tick(20);
      a.app.stdin.write('\r');
      await a.until(() => a.frame().includes('not offered'), 'the refusal');
      expect(statusLine(a.frame())).toContain('Snoozing cards is not offered by this server');
      await a.until(() => a.store.getState().pending.length === 0, 'rolled back');
      expect(a.store.getState().view.cards.get(focused)).toBeDefined();
      // The prompt came back with the text; Esc leaves it.
      expect(a.frame()).toContain('tomorrow 9');
      a.app.stdin.write('\x1b');
      await a.until(() => !a.frame().includes('Snooze “'), 'the prompt closed');
      a.store.getState().clearError();
      a.app.stdin.write('W');
      await a.until(
        () => statusLine(a.frame()).includes('Snoozing cards is not offered by this server'),
        'said at once',
      );
      expect(a.frame()).not.toContain('Snooze “');
      expect(svc.requests.filter((r) => r.path.includes('/snooze')).length).toBe(1);
    } finally {
      a.app.unmount();
      await svc.close();
    }
  });
});
