/**
 * A mailbox connected with `--since DATE` or `--new-only` against a real
 * Dovecot: the folder's backlog stays behind (IMAP SEARCH SINCE on the day
 * the server received each message; the UID cursor at UIDNEXT), and what
 * arrives afterwards is imported as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sinceDate } from '../../../../src/server/mail/imap/import-from.js';
import { rawMail } from '../../../support/mail.js';
import { startWorld, SUPPORT, until, type World } from './world.js';

const OTHER = 'other@acme.test';
let w: World;
beforeAll(async () => {
  w = await startWorld();
}, 60_000);
afterAll(() => w.close());

const titles = async () => (await w.cards()).map((c) => c.title);
const mail = (subject: string) => rawMail({ subject, messageId: `<${subject.replace(/\W+/g, '-')}@customer.example>` });

describe('importing only what arrived after', () => {
  it('--since DATE leaves what the server received before that day, then imports as usual', async () => {
    const old = new Date('2020-03-01T10:00:00Z');
    await w.imap.append(SUPPORT, mail('Backlog one'), { date: old });
    await w.imap.append(SUPPORT, mail('Backlog two'), { date: old });
    const recent = await w.imap.append(SUPPORT, mail('Arrived this year'), { date: new Date() });
    const box = await w.connect({ since: sinceDate('2021-01-01')! });
    await until(async () => (await w.mailbox(box)).state === 'idle', 'the mailbox watched');
    await until(async () => (await titles()).includes('Arrived this year') || undefined, 'the recent message');
    const later = await w.imap.append(SUPPORT, mail('Came in afterwards'));
    await until(async () => (await w.mailbox(box)).last_uid >= later.uid, `uid ${later.uid} imported`);
    expect(later.uid).toBeGreaterThan(recent.uid);
    const now = await titles();
    expect(now).toEqual(expect.arrayContaining(['Arrived this year', 'Came in afterwards']));
    expect(now.filter((t) => t.startsWith('Backlog'))).toEqual([]);
  });

  it('--new-only starts at UIDNEXT: nothing already in the folder, everything after', async () => {
    await w.imap.append(OTHER, mail('Old news'), { date: new Date() });
    const box = await w.connect({ user: OTHER, since: 'now' });
    await until(async () => (await w.mailbox(box)).state === 'idle', 'the mailbox watched');
    const fresh = await w.imap.append(OTHER, mail('Fresh one'));
    await until(async () => (await w.mailbox(box)).last_uid >= fresh.uid, `uid ${fresh.uid} imported`);
    const now = await titles();
    expect(now).toContain('Fresh one');
    expect(now).not.toContain('Old news');
  });

  it('reads a date as YYYY-MM-DD only', () => {
    expect(sinceDate('2026-11-01')?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    for (const bad of ['2026-13-01', '2026-02-30', '1 Nov 2026', 'yesterday']) expect(sinceDate(bad)).toBeNull();
  });
});
