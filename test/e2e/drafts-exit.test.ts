/**
 * The app ending with a prompt open, in a real terminal: Ctrl+C, SIGTERM
 * and SIGHUP each keep the prompt's text in drafts.json and name that card
 * on the restored terminal; the next run brings it back.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux, type Terminal } from './tmux.js';

const demo = useServeDemo('drafts_exit');

/** The board's top card of its first column, and a terminal running the board over its own state dir. */
async function open(state: string) {
  const client = demo.client();
  const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox')!;
  const first = (await client.listColumns(board.Id))[0]!;
  const top = readableCards(await client.listCards(board.Id, first.Id, 1))[0]!;
  const t = demo.terminal({ cols: 180, rows: 36 }, { INBOARD_STATE_DIR: state });
  t.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
  await t.waitFor('In progress (');
  await t.waitFor('›');
  return { t, top };
}

/** The TUI's node process, a child of the pane's shell. */
function tuiPid(t: Terminal): number {
  const pid = execFileSync('pgrep', ['-P', String(t.panePid()), 'node'], { encoding: 'utf8' })
    .trim()
    .split('\n')[0];
  return Number(pid);
}

const onDisk = (state: string) =>
  (
    JSON.parse(readFileSync(join(state, 'drafts.json'), 'utf8')) as {
      drafts: { card: string; fields: { text?: string } }[];
    }
  ).drafts;

describe.skipIf(!hasTmux())('a prompt open when the app ends', () => {
  it('Ctrl+C in a comment: kept, named on the restored terminal, back on c in the next run', async () => {
    const state = join(demo.dir(), 'state-ctrl-c');
    const { t, top } = await open(state);
    t.keys('c');
    await t.waitFor('Comment on');
    t.type('A five-minute reply to the customer');
    await t.waitFor('five-minute reply');
    t.keys('C-c');
    const quit = await t.waitFor('exit=0');
    expect(t.alternateOn()).toBe(false);
    const name = top.TaskName.slice(0, 20);
    expect(quit).toMatch(/1 draft kept \(comment on "[^"]+"\) — it comes back when you reopen it/);
    expect(quit).toContain(`comment on "${name}`);
    expect(onDisk(state)).toEqual([
      expect.objectContaining({ card: top.ServiceTaskId, fields: { text: 'A five-minute reply to the customer' } }),
    ]);

    t.run('clear');
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await t.waitFor('In progress (');
    await t.waitFor('›');
    t.keys('c');
    expect(await t.waitFor('your draft from before')).toContain('A five-minute reply');
    t.keys('Escape');
    await t.waitFor('Draft kept');
    t.keys('q');
    await t.waitFor('exit=0');
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s in a comment: kept and named, as with Ctrl+C', async (signal, code) => {
    const state = join(demo.dir(), `state-${signal}`);
    const { t, top } = await open(state);
    t.keys('c');
    await t.waitFor('Comment on');
    t.type(`Typed before ${signal}`);
    await t.waitFor(`Typed before ${signal}`);
    process.kill(tuiPid(t), signal);
    const after = await t.waitFor(`exit=${code}`);
    expect(t.alternateOn()).toBe(false);
    expect(after).toContain(`1 draft kept (comment on "${top.TaskName.slice(0, 20)}`);
    // The app's last frame stays on the alternate screen, not drawn over the line.
    expect(after).not.toContain('Comment on');
    expect(onDisk(state)).toEqual([
      expect.objectContaining({ card: top.ServiceTaskId, fields: { text: `Typed before ${signal}` } }),
    ]);
  });
});
