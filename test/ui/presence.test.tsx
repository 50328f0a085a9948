/**
 * Presence on screen: a teammate on a card shows on its board row (initials
 * and a mark) within the event stream's delivery, and in words in the
 * detail; the app says its own open card and when its composer is open; a
 * teammate's presence that lapses goes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rawMail } from '../support/mail.js';
import { focus, KEY, startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

describe('presence', () => {
  it('a teammate viewing, then replying, shows on the row and in the detail', async () => {
    ui = await startUi({ live: true, columns: 160 });
    const u = ui;
    await u.until(() => u.store.getState().live === 'live', 'the board is live');
    const [first] = u.store.getState().columns;
    const card = u.store.getState().view.columns[first!.label]![1]!;
    const priya = await u.teammate('priya.nair@example.com');
    await priya.setPresence({ Session: 'priya-session-1', CardId: card.id, Writing: false });
    let frame = await u.waitFor('◉PN');
    expect(frame.split('\n').find((l) => l.includes('◉PN'))).toContain(card.title.slice(0, 10));
    focus(u, card.title);
    await u.press('enter');
    await u.waitFor('priya.nair@example.com is viewing');
    await priya.setPresence({ Session: 'priya-session-1', CardId: card.id, Writing: true });
    frame = await u.waitFor('priya.nair@example.com is replying');
    expect(frame).toContain('✎ priya.nair@example.com is replying');
    // This app's own: the card it has open, read by the teammate.
    const seen = await priya.listPresence(u.boardId);
    expect(seen.find((p) => p.Session !== 'priya-session-1')).toMatchObject({ CardId: card.id, Writing: false });
    // She leaves: gone from the detail.
    await priya.setPresence({ Session: 'priya-session-1', CardId: null });
    await u.waitFor((f) => !f.includes('priya.nair@example.com is'));
  });
});

describe('an open detail says what arrived below the screen', () => {
  it('a teammate’s comment is announced with the key that goes there, until the screen reaches it', async () => {
    ui = await startUi({ live: true, columns: 160 });
    const u = ui;
    await u.until(() => u.store.getState().live === 'live', 'the board is live');
    focus(u, 'Onboarding call follow-up: template library');
    await u.press('enter');
    await u.waitFor('Comments (');
    const id = u.store.getState().detail!.cardId;
    const bea = await u.teammate('bea@team.test');
    await bea.createComment(id, 'Template library is live now.');
    const frame = await u.waitFor('New below: a comment from bea@team.test');
    expect(frame).toMatch(/— j scrolls to it \(\d+ lines down\)/);
    await u.press(...Array<string>(60).fill('j'));
    await u.waitFor((f) => !f.includes('New below'));
    expect(u.frame()).toContain('Template library is live now.');
  });

  it('a message that arrives is announced, and marked new in the thread while the card stays open', async () => {
    ui = await startUi({ live: true, columns: 160 });
    const u = ui;
    await u.until(() => u.store.getState().live === 'live', 'the board is live');
    focus(u, 'Re: Invoice #10482 charged twice this month');
    await u.press('enter');
    await u.waitFor('Thread (');
    const id = u.store.getState().detail!.cardId;
    const last = u.store.getState().threads.get(id)?.messages?.at(-1);
    expect(last).toBeDefined();
    expect(u.frame()).not.toContain('[new]');
    const res = await fetch(`${u.url}/v2/mail/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        BoardId: u.boardId,
        Message: rawMail({
          from: 'Priya Raman <priya@northwind.example>',
          subject: 'Re: Invoice #10482 charged twice this month',
          messageId: '<arrived-while-open@northwind.example>',
          inReplyTo: last!.MessageId,
          body: 'Any news on the refund?',
        }).toString('base64'),
      }),
    });
    expect(res.status).toBe(200);
    await u.waitFor('New below: a message from Priya Raman');
    await u.press(...Array<string>(120).fill('j'));
    const reached = await u.waitFor('Any news on the refund?');
    expect(reached.split('\n').filter((l) => l.includes('[new]'))).toHaveLength(1);
    expect(reached.split('\n').find((l) => l.includes('[new]'))).toContain('Priya Raman');
    await u.waitFor((f) => !f.includes('New below'));
    // Read: opened again, nothing in it is new.
    await u.press('esc');
    await u.until(() => u.store.getState().detail === null, 'the detail closed');
    await u.press('enter');
    await u.waitFor('Thread (');
    expect(u.frame()).not.toContain('[new]');
  });
});
