/**
 * Who's been waiting, on the board over the real service: each row's
 * waiting age, the header's late count and the detail's words; `o` sorts
 * the view longest waiting first while the team's order stays; `W` snoozes
 * a card (gone at once, `u` brings it back; a refusal puts it back in the
 * server's words); `z` lists the snoozed cards and brings one back; `P`
 * sets the response targets, the owner's. Customers' messages are dated by
 * the real clock, which is the app's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OWNER_EMAIL } from '../../src/server/index.js';
import { readableCards } from '../support/board-view.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';
import { customerWrote, HOUR, lineWith, MINUTE } from './waiting-support.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

/**
 * Three customers waiting in the first column: 5 hours, 3½ hours and 1½
 * hours — each in the middle of its hour, as the rows' clock turns by the
 * minute.
 */
async function threeWaiting(u: Ui): Promise<void> {
  await customerWrote(u, 'Parcel lost', 5 * HOUR + 30 * MINUTE);
  await customerWrote(u, 'Refund please', 3 * HOUR + 30 * MINUTE);
  await customerWrote(u, 'Quick question', HOUR + 30 * MINUTE);
  await u.store.getState().refresh();
}

const firstColumnTitles = (u: Ui): string[] => {
  const s = u.store.getState();
  return (s.view.columns[s.columns[0]!.label] ?? []).map((c) => c.title);
};

describe('the waiting time', () => {
  it('each row says how long its customer has waited; past the target it is marked ! and the header counts it', async () => {
    ui = await startUi({ columns: 160 });
    await threeWaiting(ui);
    let frame = await ui.waitFor('Parcel lost');
    expect(lineWith(frame, 'Parcel lost')).toMatch(/ 5h/);
    expect(lineWith(frame, 'Refund please')).toMatch(/ 3h/);
    expect(lineWith(frame, 'Quick question')).toMatch(/ 1h/);
    // No targets: nobody is late.
    expect(frame.split('\n')[0]).not.toContain('late');

    await ui.other.setBoardTargets(ui.boardId, { FirstResponseSeconds: (4 * HOUR) / 1000 });
    await ui.store.getState().refresh();
    frame = await ui.waitFor(/\d+ late/);
    // Every loaded card past its target is counted: the demo board's own old threads too.
    // (as the board's clock says, which turns by the minute: a due time inside the last minute may not count yet).
    const lateAt = (t: number) =>
      [...ui.store.getState().view.cards.values()].filter(
        (c) => c.responseDue != null && Date.parse(c.responseDue) < t,
      );
    const late = lateAt(Date.now()).map((c) => c.title);
    expect(late).toContain('Parcel lost');
    expect(late).not.toContain('Refund please');
    const counted = Number(/ (\d+) late/.exec(frame.split('\n')[0]!)?.[1]);
    expect(counted).toBeGreaterThanOrEqual(lateAt(Date.now() - MINUTE).length);
    expect(counted).toBeLessThanOrEqual(late.length);
    expect(lineWith(frame, 'Parcel lost')).toMatch(/ !5h/);
    expect(lineWith(frame, 'Refund please')).not.toContain('!');
    expect(frame.split('\n')[0]).toContain('targets: first response 4h, around the clock');
  });

  it('the detail says it in words: how long, and how it stands against the target', async () => {
    ui = await startUi({ columns: 160 });
    await ui.other.setBoardTargets(ui.boardId, { FirstResponseSeconds: (4 * HOUR) / 1000 });
    await threeWaiting(ui);
    focus(ui, 'Parcel lost');
    await ui.press('enter');
    await ui.waitFor(/Waiting 5 hours \d+ minutes: 1 hour \d+ minutes past the first response target/);
    await ui.press('esc');
    focus(ui, 'Quick question');
    await ui.press('enter');
    await ui.waitFor(/Waiting 1 hour \d+ minutes for a first response — due in 2 hours \d+ minutes/);
  });
});

describe('o: sorted by waiting', () => {
  it('shows the longest waiting first and back, and the team’s order is untouched', async () => {
    ui = await startUi({ columns: 160 });
    await threeWaiting(ui);
    const col = ui.store.getState().columns[0]!;
    const before = firstColumnTitles(ui);
    const onServer = async () => readableCards(await ui.other.listCards(ui.boardId, col.id, 1)).map((c) => c.TaskName);
    const serverBefore = await onServer();
    const moves: number[] = [];
    const stop = ui.store.subscribe((s) => {
      if (s.pending.some((m) => m.kind === 'move')) moves.push(s.pending.length);
    });

    await ui.press('o');
    const frame = await ui.waitFor('sorted: longest waiting first');
    const shown = ui.store.getState().view.columns[col.label] ?? [];
    const waiting = shown.filter((c) => c.waitingSince != null);
    // Those waiting first, the longest first; the rest after them, in the team's order.
    expect(shown.slice(0, waiting.length)).toEqual(waiting);
    const since = waiting.map((c) => Date.parse(c.waitingSince!));
    expect(since).toEqual([...since].sort((a, b) => a - b));
    expect(shown.slice(waiting.length).map((c) => c.title)).toEqual(
      before.filter((t) => !waiting.some((c) => c.title === t)),
    );
    const order = shown.map((c) => c.title);
    expect(order.indexOf('Parcel lost')).toBeLessThan(order.indexOf('Refund please'));
    expect(order.indexOf('Refund please')).toBeLessThan(order.indexOf('Quick question'));
    const rows = frame.split('\n');
    expect(rows.findIndex((l) => l.includes('Parcel lost'))).toBeLessThan(
      rows.findIndex((l) => l.includes('Quick question')),
    );
    // A reorder would change the team's order: said, not done.
    ui.store.getState().focusCardId(ui.card('Refund please').id);
    await ui.press('J');
    await ui.waitFor('Sorted by waiting, which is not the team’s order: o shows it again to reorder');

    await ui.press('o');
    await ui.waitFor((f) => !f.includes('sorted: longest waiting first'));
    expect(firstColumnTitles(ui)).toEqual(before);
    stop();
    expect(moves).toEqual([]);
    expect(await onServer()).toEqual(serverBefore);
  });
});

describe('W: snooze', () => {
  it('reads the words as typed; the card leaves at once; u brings it back', async () => {
    ui = await startUi({ columns: 160 });
    const id = await customerWrote(ui, 'Call me on Friday', 2 * HOUR);
    await ui.store.getState().refresh();
    focus(ui, 'Call me on Friday');
    await ui.press('W');
    await ui.waitFor('Snooze “Call me on Friday” until');
    await ui.paste('tomorrow 9');
    // How far off it is said depends on the hour the test runs: "(tomorrow)", or "(in 10 hours 51 minutes)" late in the evening.
    await ui.waitFor(/→ until \w{3} \d+ \w{3} \d{4} 09:00 \((tomorrow|in \d+ hours?( \d+ minutes?)?)\)/);
    const gone: boolean[] = [];
    const stop = ui.store.subscribe((s) => gone.push(s.view.cards.get(id) === undefined && s.pending.length > 0));
    await ui.press('enter');
    await ui.waitFor('✓ Snoozed “Call me on Friday” until');
    stop();
    expect(gone[0]).toBe(true);
    // Off the board: only the notice names it.
    expect(
      ui
        .frame()
        .split('\n')
        .filter((l) => l.includes('Call me on Friday') && !l.startsWith('✓')),
    ).toEqual([]);
    expect(
      (await ui.other.listSnoozedCards(ui.boardId)).map((c) => ('ServiceTaskId' in c ? c.ServiceTaskId : null)),
    ).toEqual([id]);

    await ui.press('u');
    await ui.waitFor('Call me on Friday');
    await ui.until(() => ui.store.getState().pending.length === 0, 'the undo settled');
    expect(await ui.other.listSnoozedCards(ui.boardId)).toEqual([]);
    expect(statusLine(ui.frame())).not.toContain('✗');
  });

  it('a refusal puts the card back, in the server’s words, and the prompt again with the text', async () => {
    ui = await startUi({ columns: 160 });
    const col = ui.store.getState().columns[0]!;
    // A card made on the board has no email thread: nobody can answer it.
    await ui.other.createCard({ BoardId: ui.boardId, ColumnId: col.id, CardTitle: 'Order more paper' });
    await ui.store.getState().refresh();
    const c = focus(ui, 'Order more paper');
    await ui.press('W');
    await ui.waitFor('Snooze “Order more paper”');
    await ui.paste('reply');
    await ui.waitFor('→ until the customer answers');
    await ui.press('enter');
    const frame = await ui.waitFor(`UntilReply: card ${c.id} has no email thread`);
    expect(statusLine(frame)).toContain(`✗ UntilReply: card ${c.id} has no email thread, so no customer can answer it`);
    expect(frame).toContain('Snooze “');
    expect(frame).toContain('reply');
    expect(ui.store.getState().view.cards.get(c.id)).toBeDefined();
  });

  it('text it cannot read keeps the prompt open, saying why', async () => {
    ui = await startUi({ columns: 160 });
    await ui.press('W');
    await ui.waitFor('Snooze “');
    await ui.paste('someday');
    await ui.press('enter');
    await ui.waitFor("Can't read 'someday' as a date");
    expect(ui.store.getState().pending).toEqual([]);
  });
});

describe('W in triage and the detail', () => {
  it('triage snoozes the card on screen and goes on, counting it; the detail closes on a snoozed card', async () => {
    ui = await startUi({ columns: 160 });
    const col = ui.store.getState().columns[0]!;
    const cards = ui.store.getState().view.columns[col.label]!;
    focus(ui, cards[0]!.title);
    await ui.press('i');
    await ui.waitFor(`1 of ${cards.length}`);
    await ui.waitFor('Thread owner');
    await ui.press('W');
    await ui.waitFor('Snooze “');
    await ui.paste('+2d');
    await ui.press('enter');
    await ui.waitFor(`2 of ${cards.length} · 1 snoozed`);
    expect(ui.store.getState().view.cards.get(cards[0]!.id)).toBeUndefined();
    await ui.press('esc');
    await ui.waitFor('Support Inbox');

    focus(ui, cards[1]!.title);
    await ui.press('enter');
    await ui.waitFor('Thread owner');
    await ui.press('W');
    await ui.waitFor('Snooze “');
    await ui.paste('reply');
    await ui.press('enter');
    await ui.waitFor('✓ Snoozed “');
    expect(ui.frame()).not.toContain('Thread owner');
    const snoozed = await ui.other.listSnoozedCards(ui.boardId);
    expect(snoozed.map((c) => ('ServiceTaskId' in c ? c.ServiceTaskId : null)).sort()).toEqual(
      [cards[0]!.id, cards[1]!.id].sort(),
    );
  });
});

describe('z: the snoozed cards', () => {
  it('lists each with its column and when it comes back; Enter brings one back to its column', async () => {
    ui = await startUi({ columns: 160 });
    const col = ui.store.getState().columns[0]!;
    const id = await customerWrote(ui, 'After the holidays', HOUR);
    const until = new Date(Date.now() + 3 * 24 * HOUR);
    until.setSeconds(0, 0);
    await ui.other.snoozeCard(id, { Until: until.toISOString() });
    await ui.store.getState().refresh();
    expect(ui.frame()).not.toContain('After the holidays');

    await ui.press('z');
    await ui.waitFor('Snoozed cards, soonest back first');
    const row = lineWith(await ui.waitFor('After the holidays'), 'After the holidays');
    expect(row).toContain(`· ${col.name} · back `);
    expect(row).toMatch(/back \w{3} \d+ \w{3} \d{4} \d\d:\d\d/);
    await ui.press('enter');
    await ui.waitFor('is back in');
    await ui.until(() => ui.store.getState().view.cards.get(id) !== undefined, 'the card back on the board');
    expect(ui.store.getState().view.cards.get(id)?.columnLabel).toBe(col.label);
    expect(await ui.other.listSnoozedCards(ui.boardId)).toEqual([]);
  });
});

/** The open board handed to another owner; the app's user stays a member. */
async function handOver(u: Ui, boss: string): Promise<void> {
  await u.teammate(boss);
  u.sql('UPDATE boards SET owner_id = (SELECT id FROM users WHERE email = ?) WHERE id = ?', boss, u.boardId);
  u.sql('INSERT INTO board_members (board_id, email) VALUES (?, ?)', u.boardId, DEFAULT_OWNER_EMAIL);
  await u.store.getState().loadBoards();
}

describe('P: the response targets', () => {
  it('the owner types them on one line, read as typed; the header says them and the server has them', async () => {
    ui = await startUi({ columns: 200 });
    await ui.press('P');
    await ui.waitFor('Response targets of this board');
    await ui.paste('first 4h next abc');
    await ui.press('enter');
    await ui.waitFor('next: "abc": not a length of time');
    await ui.press('C-u');
    await ui.paste('first 4h next 8h hours Mon-Fri 09:00-17:00 zone Europe/Berlin');
    await ui.waitFor('→ first response 4h, next response 8h, Mon-Fri 09:00-17:00 Europe/Berlin');
    await ui.press('enter');
    await ui.waitFor('✓ Response targets: first response 4h');
    expect(ui.frame().split('\n')[0]).toContain('targets: first response 4h, next response 8h');
    expect(await ui.other.getBoardTargets(ui.boardId)).toEqual({
      BoardId: ui.boardId,
      FirstResponseSeconds: 4 * 3600,
      NextResponseSeconds: 8 * 3600,
      Hours: 'Mon-Fri 09:00-17:00',
      Zone: 'Europe/Berlin',
    });
    // Opened again, the prompt holds them to edit.
    await ui.press('P');
    await ui.waitFor('first 4h next 8h hours Mon-Fri 09:00-17:00 zone Europe/Berlin');
  });

  it('a member is told before typing that only the owner can', async () => {
    ui = await startUi();
    await handOver(ui, 'boss@example.com');
    await ui.press('P');
    await ui.waitFor('Only the board’s owner, boss@example.com, can set its response targets');
    expect(ui.frame()).not.toContain('Response targets of this board');
  });

  it('a refusal that comes anyway is in the server’s words, the text kept', async () => {
    ui = await startUi();
    await ui.press('P');
    await ui.waitFor('Response targets of this board');
    await ui.paste('first 2h');
    await handOver(ui, 'boss@example.com');
    await ui.press('enter');
    const frame = await ui.waitFor(/Only the board's owner \(boss@example\.com\) may set its response targets/);
    expect(frame).toContain('first 2h');
    expect(await ui.other.getBoardTargets(ui.boardId)).toMatchObject({ FirstResponseSeconds: null });
  });
});
