/**
 * A saved reply's variable with no value for the card is marked in the
 * composer's text: underlined (seen without colour too) and in the theme's
 * warning colour. Frames are drawn with colour here: chalk's level (the one
 * Ink colours with) is raised for this file and put back after, as
 * test/setup.ts turned colour off for every file (and the worker's modules are
 * shared between files, so setting FORCE_COLOR here would come too late).
 */
import chalk from 'chalk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { alt, deliver, openCard, startMailUi, type MailUi } from './mail-support.js';
import { rawMail } from '../../support/mail.js';

const ESC = '\u001b';

let m: MailUi | undefined;
afterEach(async () => {
  await m?.ui.close();
  await m?.relay.close();
  m = undefined;
});
const levelBefore = chalk.level;
beforeAll(() => {
  chalk.level = 1;
});
afterAll(() => {
  chalk.level = levelBefore;
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
