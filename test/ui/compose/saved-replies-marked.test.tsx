/**
 * A saved reply's variable with no value for the card is marked in the
 * composer's text: underlined (seen without colour too) and in the theme's
 * warning colour. Frames are drawn with colour here (FORCE_COLOR before Ink
 * loads: test/setup.ts turns it off elsewhere).
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { MailUi } from './mail-support.js';

// Before anything loads Ink (and chalk, which reads it once).
process.env.FORCE_COLOR = '1';
const { alt, deliver, openCard, startMailUi } = await import('./mail-support.js');
const { rawMail } = await import('../../support/mail.js');

const ESC = '\u001b';

let m: MailUi | undefined;
afterEach(async () => {
  await m?.ui.close();
  await m?.relay.close();
  m = undefined;
});
afterAll(() => {
  process.env.FORCE_COLOR = '0';
});

describe('an unfilled variable in the composer', () => {
  it('is underlined in the warning colour; the filled text around it is plain', async () => {
    m = await startMailUi();
    const { ui } = m;
    await ui.other.addSavedReply(ui.boardId, { Name: 'Hello', Text: 'Dear {{customer.first_name}}, thanks.' });
    const id = await deliver(ui, rawMail({ messageId: '<marked@customer.example>', from: 'anon@customer.example' }));
    await openCard(ui, id);
    await ui.press('w');
    await ui.waitFor('Reply to');
    await ui.press(alt('v'));
    await ui.waitFor('Hello —');
    await ui.press('enter');
    const frame = await ui.waitFor('not filled');
    expect(frame).toContain(`Dear ${ESC}[4m${ESC}[33m{{customer.first_name}}${ESC}[39m${ESC}[24m, thanks.`);
  });
});
