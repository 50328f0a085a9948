/**
 * Ctrl+G in a real terminal: a comment typed in the prompt goes to $EDITOR
 * (a script that appends a line), the board comes back drawn whole on the
 * alternate screen with the edited text in the prompt, and Enter sends it:
 * the server holds the edited text.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableBoards, readableCards } from '../support/board-view.js';
import { snapshotCli } from '../server/process.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux } from './tmux.js';

const demo = useServeDemo('editor');

describe.skipIf(!hasTmux())('Ctrl+G: a prompt’s text in $EDITOR', () => {
  it('a comment edited in the editor is sent as edited', async () => {
    const client = demo.client();
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox')!;
    const first = (await client.listColumns(board.Id))[0]!;
    const top = readableCards(await client.listCards(board.Id, first.Id, 1))[0]!;
    // The editor: notes which file it was given, then appends a line to it.
    const given = join(demo.dir(), 'given.txt');
    const editor = join(demo.dir(), 'append-line.sh');
    writeFileSync(editor, `#!/bin/sh\nprintf '%s' "$1" > '${given}'\nprintf '\\nfrom the editor\\n' >> "$1"\n`);
    chmodSync(editor, 0o755);

    // A copy of the build: others rebuilding dist/ meanwhile can't spoil the run.
    const cli = snapshotCli(demo.dir());
    const t = demo.terminal();
    t.run(`VISUAL= EDITOR='${editor}' node ${cli} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await t.waitFor('In progress (');
    await t.waitFor('›');
    t.keys('c');
    await t.waitFor('Comment on');
    t.type('Checking with billing');
    await t.waitFor('Checking with billing');
    t.keys('C-g');
    const back = await t.waitFor('from the editor');
    // Back on the alternate screen, redrawn whole: the board behind the prompt too.
    expect(t.alternateOn()).toBe(true);
    expect(back).toContain('In progress (');
    expect(back).toContain('Checking with billing');
    // The temp file was the editor's only while it ran.
    expect(existsSync(readFileSync(given, 'utf8'))).toBe(false);
    t.keys('Enter');
    await t.waitFor('Comment added');
    const comments = (await client.getCard(top.ServiceTaskId)).Comments?.map((c) => c.Comment);
    expect(comments).toContain('Checking with billing\nfrom the editor');
  });
});
