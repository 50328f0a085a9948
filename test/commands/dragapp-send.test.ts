/**
 * Sending from the command line against the DragApp stand-in: new mail goes
 * through send-new-email as HTML `emailContent`, a reply's Cc and Bcc as its
 * comma-joined strings; what DragApp's API does not offer (forwarding,
 * files, a signature of one's own, a board's signature) is refused in words
 * and nothing reaches its send routes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEX_THREAD, HEX_THREAD_2 } from '../support/dragapp-shapes.js';
import { startDragAppService } from '../support/dragapp-service.js';
import { cliAgainst, ok, runCli } from './helpers.js';

const cli = cliAgainst(startDragAppService, 'dragapp-send');
const run = cli.run;
const sendRequests = () =>
  cli
    .svc()
    .requests.filter((q) => /send-as-email-content|send-new-email/.test(q.path))
    .map((q) => q.path);

describe('compose on DragApp', () => {
  it('sends through send-new-email with the text as emailContent, and prints the new card', async () => {
    const out = ok(
      await run([
        ...['card', 'compose', '--board', 'Support', '--to', 'new@example.com'],
        ...['--subject', 'Your order <1182>', '--body', 'It ships today.\nThanks & regards', '--no-signature'],
      ]),
    );
    const made = /^Created card (\S+) with new mail\n/.exec(out)?.[1];
    expect(made, out).toBeDefined();
    expect(out).toContain('Mail sent to new@example.com');
    expect(cli.svc().mail.composed).toEqual([
      {
        boardId: 1,
        to: 'new@example.com',
        subject: 'Your order <1182>',
        emailContent: '<div>It ships today.</div><div>Thanks &amp; regards</div>',
        addToBoard: true,
      },
    ]);
    expect(cli.svc().listed(1, 'Label_1')[0]).toBe(made);
  });

  it('Cc, Bcc, a column, several To and files are refused in words, nothing sent', async () => {
    const before = sendRequests().length;
    const base = ['card', 'compose', '--board', '1', '--to', 'a@example.com', '--subject', 's', '--body', 'b'];
    const note = join(tmpdir(), `inboard-dragapp-send-${process.pid}.txt`);
    writeFileSync(note, 'a note');
    const cases: [string[], string][] = [
      [['--cc', 'c@example.com'], "Copying new mail (Cc) is not offered by DragApp's API; nothing was sent"],
      [['--bcc', 'c@example.com'], "Blind copies of new mail (Bcc) is not offered by DragApp's API"],
      [['--column', 'In progress'], "Choosing new mail's column (it goes to the board's first) is not offered"],
      [['--to', 'b@example.com'], "DragApp's API takes one address in new mail's To; nothing was sent"],
      [['--attach', note], "Sending files is not offered by DragApp's API; nothing was sent"],
    ];
    for (const [flags, words] of cases) {
      const r = await run([...base, ...flags]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(words);
    }
    expect(sendRequests().length).toBe(before);
  });
});

describe('reply, forward and signatures on DragApp', () => {
  it("a reply's Cc and Bcc go as comma-joined strings", async () => {
    ok(
      await run([
        ...['card', 'reply', HEX_THREAD_2, '--body', 'Resent.'],
        ...['--cc', 'lead@example.com,ops@example.com', '--bcc', 'audit@example.com'],
      ]),
    );
    expect(cli.svc().mail.replies.at(-1)).toMatchObject({
      to: 'bob@example.com',
      cc: 'lead@example.com,ops@example.com',
      bcc: 'audit@example.com',
      emailContent: '<div>Resent.</div>',
    });
  });

  it('forwarding, files in a reply, a config signature and a board signature are refused in words, nothing sent', async () => {
    const before = sendRequests().length;
    const fw = await run(['card', 'forward', HEX_THREAD, '--to', 'finance@example.com']);
    expect(fw.code).toBe(1);
    expect(fw.stderr).toContain("Forwarding email is not offered by DragApp's API; nothing was sent");

    const file = join(tmpdir(), `inboard-dragapp-reply-${process.pid}.txt`);
    writeFileSync(file, 'bytes');
    const withFile = await run(['card', 'reply', HEX_THREAD, '--body', 'See attached.', '--attach', file]);
    expect(withFile.code).toBe(1);
    expect(withFile.stderr).toContain("Sending files is not offered by DragApp's API; nothing was sent");

    const config = join(tmpdir(), `inboard-dragapp-sig-${process.pid}`);
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, 'config.json'), JSON.stringify({ signature: '{{agent.name}}' }));
    const signed = await runCli(['card', 'reply', HEX_THREAD, '--body', 'Signed.'], {
      INBOARD_URL: cli.svc().url,
      INBOARD_API_KEY: cli.svc().key,
      INBOARD_CONFIG_DIR: config,
      INBOARD_DATA_DIR: join(config, 'data'),
    });
    expect(signed.code).toBe(1);
    expect(signed.stderr).toContain(
      "A signature of your own (--no-signature sends without) is not offered by DragApp's API",
    );
    expect(sendRequests().length).toBe(before);

    const shown = await run(['board', 'signature', '1']);
    expect(shown.code).toBe(1);
    expect(shown.stderr).toContain("A board's signature is not offered by DragApp's API");
    const set = await run(['board', 'signature', '1', '--text', 'The team']);
    expect(set.code).toBe(1);
    expect(set.stderr).toContain("A board's signature is not offered by DragApp's API; nothing was changed");
  });
});

describe('saved replies on DragApp', () => {
  it('every replies command and card reply --saved says in words they are not offered, nothing sent', async () => {
    const before = sendRequests().length;
    const cases: [string[], string][] = [
      [['replies', 'list', '--board', '1'], "Saved replies are not offered by DragApp's API"],
      [['replies', 'add', 'Hi', '--board', '1', '--text', 'Hello'], "not offered by DragApp's API; nothing was saved"],
      [['replies', 'edit', 'Hi', '--board', '1', '--name', 'Ho'], "Saved replies are not offered by DragApp's API"],
      [['replies', 'remove', 'Hi', '--board', '1'], "Saved replies are not offered by DragApp's API"],
      [
        ['card', 'reply', HEX_THREAD, '--saved', 'Hi'],
        "Saved replies are not offered by DragApp's API; nothing was sent",
      ],
    ];
    for (const [args, words] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toContain(words);
    }
    expect(sendRequests().length).toBe(before);
  });
});
