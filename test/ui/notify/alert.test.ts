/**
 * Config `notify`: the bell and the desktop notification (OSC 9, OSC 777)
 * for a new notification — nothing for those there before, nothing for the
 * card open on screen, at most one alert every 5 s (a clock the test
 * controls), nothing at all by default.
 */
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../src/api/schema-notifications.js';
import { ALERT_GAP_MS, alertBytes, makeAlerter, type NotifySettings } from '../../../src/ui/notify/alert.js';

const note = (id: number, over: Partial<Notification> = {}): Notification => ({
  Id: String(id),
  Kind: 'mentioned',
  At: '2026-11-28T09:00:00.000Z',
  By: 'ana@acme.test',
  Read: false,
  BoardId: 1,
  CardId: String(100 + id),
  CardTitle: 'Refund',
  BoardName: 'Support',
  Words: null,
  Hidden: null,
  ...over,
});

function alerter(s: NotifySettings) {
  const written: string[] = [];
  const clock = { now: 1_000_000 };
  const a = makeAlerter(
    (b) => written.push(b),
    () => clock.now,
    () => s,
  );
  return { a, written, clock };
}

describe('notify alerts', () => {
  it('rings for a new one only: not for those listed at start, not for the card open', () => {
    const { a, written } = alerter({ bell: true, desktop: false });
    a.saw([note(2), note(1)], null);
    expect(written).toEqual([]);
    a.saw([note(3, { CardId: '555' }), note(2), note(1)], '555');
    expect(written).toEqual([]);
    a.saw([note(4), note(3), note(2)], '555');
    expect(written).toEqual(['\x07']);
  });

  it('at most one alert every 5 s: a storm is one, the next after the gap says how many came', () => {
    const { a, written, clock } = alerter({ bell: false, desktop: true });
    a.saw([], null);
    a.saw([note(1)], null);
    for (let i = 2; i <= 20; i++) a.saw([note(i)], null);
    expect(written).toHaveLength(1);
    clock.now += ALERT_GAP_MS;
    a.saw([note(22), note(21)], null);
    expect(written).toHaveLength(2);
    expect(written[1]).toContain('2 new notifications — ana@acme.test mentioned you');
  });

  it('is off by default: nothing is written', () => {
    const { a, written } = alerter({ bell: false, desktop: false });
    a.saw([], null);
    a.saw([note(1)], null);
    expect(written).toEqual([]);
  });

  it('writes OSC 9 and OSC 777 with the text made safe; wrapped for tmux, each ESC doubled', () => {
    const s = { bell: true, desktop: true };
    expect(alertBytes(s, 'a;b\x1b]0;x\x07', false)).toBe(
      '\x07\x1b]9;a b ]0 x \x07\x1b]777;notify;inboard;a b ]0 x \x07',
    );
    expect(alertBytes({ bell: false, desktop: true }, 'hi', true)).toBe(
      '\x1bPtmux;\x1b\x1b]9;hi\x07\x1b\x1b]777;notify;inboard;hi\x07\x1b\\',
    );
  });
});
