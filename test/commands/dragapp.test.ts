/**
 * The scriptable commands as users run them against the DragApp stand-in:
 * each run is a fresh process that learns the dialect from the server's
 * answers, and the stand-in's state is checked after every change.
 */
import { describe, expect, it } from 'vitest';
import { HEX_THREAD, HEX_THREAD_2 } from '../support/dragapp-shapes.js';
import { startDragAppService } from '../support/dragapp-service.js';
import { cliAgainst, ok } from './helpers.js';

const cli = cliAgainst(startDragAppService, 'dragapp');
const run = cli.run;

describe('reads', () => {
  it('boards with their members', async () => {
    const out = ok(await run(['boards']));
    expect(out).toMatch(/1\s+Support inbox\s+owner@example.com\s+ana@example.com, ben@example.com/);
    expect(out).toMatch(/2\s+Sales/);
  });

  it('columns: names without the prefix, the Label_N ids', async () => {
    const out = ok(await run(['columns', '1']));
    expect(out).toMatch(/Label_2\s+In progress/);
    expect(out).toMatch(/Label_9726643905\s+Sprint #3/);
  });

  it('cards of a column by name: threads and tasks, titles decoded only when clean', async () => {
    const out = ok(await run(['cards', '1', '--column', 'New']));
    for (const t of [HEX_THREAD, 'Refund for order 1182', 'Call the courier', 'Ünïcode task ✓']) {
      expect(out).toContain(t);
    }
    expect(out).toMatch(/103\s+Test/);
  });

  it('a card: due, status and assignees from the detail page', async () => {
    const out = ok(await run(['card', HEX_THREAD]));
    expect(out).toMatch(/Status:\s+OPEN/);
    expect(out).toContain('ana@example.com');
    expect(cli.svc().requests.some((r) => r.path.startsWith('/v1.18/entityConversation/detail-page'))).toBe(true);
  });
});

describe('changes, with the service checked after each', () => {
  it('moves a task to a position in another column', async () => {
    ok(await run(['card', 'move', '101', '--column', 'In progress', '--position', '1']));
    expect(cli.svc().listed(1, 'Label_2')).toEqual([HEX_THREAD_2, '101', '104']);
  });

  it('moves a thread to another board', async () => {
    ok(await run(['card', 'move', HEX_THREAD, '--board', '2', '--column', 'Leads']));
    expect(cli.svc().listed(2, 'Label_5')[0]).toBe(HEX_THREAD);
  });

  it('creates a card that is then listed in its column', async () => {
    const out = ok(await run(['card', 'create', '--board', '1', '--column', 'Sprint #3', '--title', 'Ship it']));
    expect(out).toContain('Created card 300');
    expect(cli.svc().listed(1, 'Label_9726643905')).toEqual(['300']);
    expect(cli.svc().item('300')?.title).toBe('Ship it');
  });

  it('a create the service loses is reported as failed, exit 1', async () => {
    cli.svc().ghostNextCreate = true;
    const r = await run(['card', 'create', '--board', '1', '--column', 'New', '--title', 'Lost one']);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('Created');
    expect(r.stderr).toContain('Creating the card FAILED');
  });

  it('sets a due date in the one format DragApp takes', async () => {
    ok(await run(['card', 'due', '104', '2026-12-01T17:00Z']));
    expect(cli.svc().item('104')?.due).toBe('2026-12-01 17:00:00');
  });

  it('renames a thread through save-title, with its entity type and board', async () => {
    const from = cli.svc().requests.length;
    const out = ok(await run(['card', 'title', HEX_THREAD_2, 'Invoice resent']));
    expect(out).toBe(`Renamed card ${HEX_THREAD_2}: “Invoice question” → “Invoice resent”\n`);
    expect(cli.svc().item(HEX_THREAD_2)?.title).toBe('Invoice resent');
    const sent = cli
      .svc()
      .requests.slice(from)
      .filter((q) => q.path === '/v1.18/card/save-title');
    expect(sent.map((q) => JSON.parse(q.body) as unknown)).toEqual([
      { entityId: HEX_THREAD_2, entityType: '0', title: 'Invoice resent', boardId: 1 },
    ]);
    expect(
      cli
        .svc()
        .requests.slice(from)
        .some((q) => q.method === 'PUT'),
    ).toBe(false);
  });

  it('card thread: the one message DragApp gives, and a note saying so', async () => {
    const out = ok(await run(['card', 'thread', HEX_THREAD_2]));
    expect(out).toContain(`Card ${HEX_THREAD_2} · 1 message`);
    expect(out).toContain("Note: DragApp's API gives one message of a thread, not the whole thread");
    expect(out).toMatch(/From:\s+bob@example.com/);
    expect(out).toContain('Could you resend the invoice?');
  });

  it('card reply: sent through send-as-email-content, the body checked on the service', async () => {
    ok(await run(['card', 'reply', HEX_THREAD_2, '--body', 'Resent just now.', '--cc', 'lead@example.com']));
    expect(cli.svc().mail.replies.at(-1)).toMatchObject({
      threadId: HEX_THREAD_2,
      emailType: 'reply',
      to: 'bob@example.com',
      emailContent: '<div>Resent just now.</div>',
      cc: 'lead@example.com',
      isNewSubject: 'false',
      isExtension: 'false',
    });
  });

  it('comments and tags', async () => {
    ok(await run(['card', 'comment', '104', '--body', 'Draft is up']));
    expect(cli.svc().world.comments.at(-1)).toMatchObject({ cardId: '104', body: 'Draft is up' });
    ok(await run(['card', 'tag', '104', '--tag', 'urgent']));
    expect(cli.svc().world.tagsAdded).toEqual([{ cardId: '104', tagId: '1' }]);
  });

  it('archives a task; a thread is refused in words and nothing is sent for it', async () => {
    ok(await run(['card', 'archive', '104']));
    expect(cli.svc().world.archived).toEqual(['104']);
    const r = await run(['card', 'archive', HEX_THREAD_2]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("DragApp can't archive email threads through its API");
    expect(cli.svc().requests.some((q) => q.method === 'DELETE' && q.path.includes(HEX_THREAD_2))).toBe(false);
    expect(cli.svc().item(HEX_THREAD_2)?.status).toBe('OPEN');
  });
});
