/**
 * Saved replies in the reply composer, against a real service and an SMTP
 * relay: the key the footer names "saved reply" opens a picker that filters
 * as you type; the one picked goes in at the cursor with the customer's
 * first name filled; a variable with no value for the card stays as written,
 * named under the field, and sending it asks first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rawMail } from '../../support/mail.js';
import { alt, deliver, openCard, parsed, startMailUi, type MailUi } from './mail-support.js';

let m: MailUi | undefined;
afterEach(async () => {
  await m?.ui.close();
  await m?.relay.close();
  m = undefined;
});

async function composerOn(from: string, messageId: string): Promise<MailUi> {
  m = await startMailUi();
  await m.ui.other.addSavedReply(m.ui.boardId, {
    Name: 'Refund done',
    Text: 'your refund for {{card.title}} is on its way, {{customer.first_name}}.',
  });
  await m.ui.other.addSavedReply(m.ui.boardId, { Name: 'Need order', Text: 'Could you send the order number?' });
  const id = await deliver(m.ui, rawMail({ messageId, from, subject: 'Refund for order 1042' }));
  await openCard(m.ui, id);
  await m.ui.press('w');
  await m.ui.waitFor('Reply to');
  return m;
}

describe('saved replies in the composer', () => {
  it('the footer names the key; the picker filters as you type; the reply goes in at the cursor, filled', async () => {
    const { ui, relay } = await composerOn('Ana Lima <ana@customer.example>', '<saved-ui-1@customer.example>');
    expect(await ui.waitFor('Alt+V saved reply')).toContain('Alt+V saved reply');
    await ui.paste('Hello, thanks!');
    // The cursor after "Hello, ": the reply goes in there, the rest stays after it.
    await ui.press('left', 'left', 'left', 'left', 'left', 'left', 'left');
    await ui.press(alt('v'));
    let frame = await ui.waitFor('Need order —');
    expect(frame).toContain('Saved replies for');
    await ui.paste('refund');
    frame = await ui.waitFor((f) => !f.includes('Need order —'));
    expect(frame).toContain('Refund done');
    await ui.press('enter');
    frame = await ui.waitFor('your refund for Refund for order 1042 is on its way, Ana.');
    expect(frame).toContain('Hello, your refund for Refund for order 1042 is on its way, Ana.thanks!');
    expect(frame).not.toContain('not filled');
    await ui.press('C-s');
    await ui.waitFor('✓ Reply sent');
    const mail = await parsed(relay, 0);
    expect(mail.text).toContain('Hello, your refund for Refund for order 1042 is on its way, Ana.thanks!');
  });

  it('a customer without a name: {{customer.first_name}} stays, marked; sending asks first, No keeps it', async () => {
    const { ui, relay } = await composerOn('ana@customer.example', '<saved-ui-2@customer.example>');
    await ui.press(alt('v'));
    await ui.waitFor('Need order —');
    await ui.paste('Refund');
    await ui.press('enter');
    let frame = await ui.waitFor('⚠ not filled: {{customer.first_name}}');
    expect(frame).toContain('is on its way, {{customer.first_name}}.');
    await ui.press('C-s');
    frame = await ui.waitFor('Send it with {{customer.first_name}} not filled in?');
    await ui.press('n');
    frame = await ui.waitFor('Not sent: {{customer.first_name}} not filled in');
    expect(frame).toContain('is on its way, {{customer.first_name}}.');
    expect(relay.received).toHaveLength(0);
    await ui.press('C-s');
    await ui.waitFor('Send it with {{customer.first_name}} not filled in?');
    await ui.press('y');
    await ui.waitFor('✓ Reply sent');
    expect((await parsed(relay, 0)).text).toContain('is on its way, {{customer.first_name}}.');
  });
});
