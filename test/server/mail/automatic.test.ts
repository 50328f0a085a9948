import { describe, expect, it } from 'vitest';
import { readMail } from '../../../src/server/mail/read-mail.js';
import { rawMail } from '../../support/mail.js';

const NOW = '2026-11-27T12:00:00.000Z';
const automatic = async (headers: string[], from?: string) =>
  (await readMail(rawMail({ headers, ...(from ? { from } : {}) }), NOW)).automatic;

describe('mail sent by a machine', () => {
  it('is recognised by Auto-Submitted, Precedence, a bounce sender or an empty Return-Path', async () => {
    expect(await automatic(['Auto-Submitted: auto-replied'])).toBe('Auto-Submitted: auto-replied');
    expect(await automatic(['Auto-Submitted: auto-generated; type=vacation'])).toMatch(
      /^Auto-Submitted: auto-generated/,
    );
    expect(await automatic(['Precedence: list'])).toBe('Precedence: list');
    expect(await automatic(['Precedence: junk'])).toBe('Precedence: junk');
    expect(await automatic([], 'MAILER-DAEMON@mx.example')).toBe('sent by MAILER-DAEMON');
    expect(await automatic(['Return-Path: <>'])).toBe('empty Return-Path (a bounce)');
    expect(await automatic(['X-Autoreply: yes'])).toBe('X-Autoreply');
  });

  it('is not a person writing, even one who says Auto-Submitted: no or Precedence: first-class', async () => {
    expect(await automatic([])).toBeNull();
    expect(await automatic(['Auto-Submitted: no'])).toBeNull();
    expect(await automatic(['Precedence: first-class'])).toBeNull();
    expect(await automatic(['Return-Path: <ana@customer.example>'])).toBeNull();
  });
});
