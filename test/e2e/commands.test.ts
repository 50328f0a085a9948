/**
 * Your commands in a real terminal, through the built CLI: a command key
 * writes the focused card's id through {{id}} to a file and says what it
 * wrote; on a card whose title is shell syntax it writes the title as it is
 * and runs nothing else; `?` lists it under "Your commands"; a command on a
 * key that is taken is refused at start naming both, and nothing starts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableCards } from '../support/board-view.js';
import { CLI } from '../server/process.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux, lookAtTheBoard } from './tmux.js';

const demo = useServeDemo('commands');

function config(commands: unknown[]): void {
  mkdirSync(join(demo.dir(), 'cfg'), { recursive: true });
  writeFileSync(join(demo.dir(), 'cfg', 'config.json'), JSON.stringify({ commands }));
}

describe.skipIf(!hasTmux())('your commands in a real terminal', () => {
  it('a key runs the command on the focused card; a hostile title is a title', async () => {
    const client = demo.client();
    const { Id: boardId } = await client.createBoard({ Name: 'Commands run' });
    await client.createColumn(boardId, 'Inbox');
    const [inbox] = await client.listColumns(boardId);
    const pwned = join(demo.dir(), 'pwned');
    const hostile = `$(touch ${pwned}) \`touch ${pwned}\` '; touch ${pwned}; echo '`;
    await client.createCard({ BoardId: boardId, ColumnId: inbox!.Id, CardTitle: 'Plain card' });
    await client.createCard({ BoardId: boardId, ColumnId: inbox!.Id, CardTitle: hostile });
    const cards = readableCards(await client.listCards(boardId, inbox!.Id, 1));
    const plain = cards.find((c) => c.TaskName === 'Plain card')!;
    const bad = cards.find((c) => c.TaskName === hostile)!;
    const out = join(demo.dir(), 'written.txt');
    config([
      { key: 'O', title: 'write it', run: `printf '%s\\t%s\\n' {{id}} {{title}} >> ${out}; echo "wrote {{id}}"` },
    ]);

    const t = demo.terminal();
    t.run(`node ${CLI} --board "Commands run" --refresh 0; echo "exit=$?"`);
    await t.waitFor('Inbox (2)');
    await lookAtTheBoard();
    for (const card of [plain, bad]) {
      t.keys('#');
      await t.waitFor('Card id');
      t.type(card.ServiceTaskId);
      t.keys('Enter');
      // The status line once the jump is made (the prompt previews the same words while it is open).
      await t.waitFor(`✓ Card ${card.ServiceTaskId} “`);
      t.keys('O');
      await t.waitFor(`write it: wrote ${card.ServiceTaskId}`);
    }
    expect(readFileSync(out, 'utf8')).toBe(`${plain.ServiceTaskId}\tPlain card\n${bad.ServiceTaskId}\t${hostile}\n`);
    expect(existsSync(pwned)).toBe(false);

    t.keys('?');
    await t.waitFor('Keys of the board');
    // Last of the board's keys: two screens down (a screen past the end stays at the end).
    t.keys('Space');
    t.keys('Space');
    await t.waitFor('Your commands');
    expect(t.screen()).toMatch(/O +write it/);
    t.keys('Escape');
    await t.waitFor('Inbox (2)');
    t.keys('q');
    await t.waitFor('exit=0');
  });

  it('a command on a key that is taken is refused at start, naming both, and nothing starts', async () => {
    config([{ key: 'c', title: 'copy id', run: 'echo {{id}}' }]);
    const t = demo.terminal();
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    const said = await t.waitFor('exit=2');
    expect(said).toContain("has commands that can't be bound, so none of them were:");
    expect(said).toContain('"c" of commands[0] (“copy id”) is already card.comment (comment) in board');
    expect(t.alternateOn()).toBe(false);
  });

  it('inboard keymap --json lists the command with what it runs', () => {
    config([{ key: 'O', title: 'write it', run: 'echo {{id}}' }]);
    const env = { ...process.env, INBOARD_CONFIG_DIR: join(demo.dir(), 'cfg') };
    const rows = JSON.parse(execFileSync('node', [CLI, 'keymap', '--json'], { env, encoding: 'utf8' })) as {
      action: string;
      scope: string;
      run?: string;
    }[];
    expect(rows.filter((r) => r.action === 'command.1').map((r) => [r.scope, r.run])).toEqual([
      ['board', 'echo {{id}}'],
      ['detail', 'echo {{id}}'],
      ['triage', 'echo {{id}}'],
    ]);
  });
});
