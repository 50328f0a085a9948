/**
 * The card detail's customer: "Other conversations with Jane Doe (2)" lists
 * her earlier cards and `o` opens one; `h` shows the card's history in the
 * pager. Mail is delivered to the real service as an MTA hands it over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rawMail } from '../support/mail.js';
import { focus, KEY, startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

async function deliver(u: Ui, subject: string, from: string): Promise<string> {
  const raw = rawMail({ subject, from, messageId: `<${subject.replace(/\W/g, '')}@customer.example>` });
  const res = await fetch(`${u.url}/v2/mail/inbound`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ BoardId: u.boardId, Message: raw.toString('base64') }),
  });
  const body = (await res.json()) as { data?: { CardId: string } };
  if (!res.ok || body.data === undefined) throw new Error(`delivery refused: ${res.status} ${JSON.stringify(body)}`);
  return body.data.CardId;
}

describe('the customer in the card detail', () => {
  it('lists Jane’s two earlier cards in her new thread; o opens one, h shows what happened to it', async () => {
    ui = await startUi({ columns: 120 });
    const jane = 'Jane Doe <jane@customer.example>';
    await deliver(ui, 'Broken zipper', jane);
    await deliver(ui, 'Exchange for size M', jane);
    await deliver(ui, 'Unrelated question', 'Bob Stone <bob@customer.example>');
    const newest = await deliver(ui, 'Where is my refund', jane);
    await ui.press('r');
    await ui.until(() => ui.store.getState().view.cards.get(newest) !== undefined, 'the new thread on the board');
    focus(ui, 'Where is my refund');
    await ui.press('enter');
    let frame = await ui.waitFor('Other conversations with Jane Doe (2)');
    expect(frame).toContain('Exchange for size M');
    expect(frame).toContain('Broken zipper');
    expect(frame).not.toContain('Unrelated question');
    await ui.press('C');
    frame = await ui.waitFor(/Broken zipper — .* › /);
    // Newest first: the exchange is listed before the zipper.
    expect(frame.indexOf('Exchange for size M —')).toBeLessThan(frame.indexOf('Broken zipper —'));
    await ui.press('down', 'enter');
    await ui.until(
      () => ui.store.getState().detail?.data?.TaskName === 'Broken zipper',
      'the chosen conversation open in the detail',
    );
    frame = await ui.waitFor('Other conversations with Jane Doe (2)');
    expect(frame).toContain('Where is my refund');
    await ui.press('h');
    frame = await ui.waitFor(/created it in .* by mail in/);
    expect(frame).toContain('jane@customer.example');
  });

  it('a card without mail says why o has nothing to open', async () => {
    ui = await startUi();
    const [col] = await ui.other.listColumns(ui.boardId);
    const made = await ui.other.createCard({
      BoardId: ui.boardId,
      ColumnId: col?.Id ?? 1,
      CardTitle: 'Call the courier',
    });
    await ui.press('r');
    await ui.until(() => ui.store.getState().view.cards.get(String(made.taskId)) !== undefined, 'the new card');
    focus(ui, 'Call the courier');
    await ui.press('enter');
    await ui.until(() => ui.store.getState().customer.data !== null, 'the customer read');
    await ui.press('C');
    await ui.waitFor('This card has no email from a customer');
  });
});
