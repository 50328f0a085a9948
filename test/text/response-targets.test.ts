/**
 * A board's response targets as one typed line and back
 * (text/response-targets.ts): each part read and checked in words, the
 * line the prompt starts from, and the words the board and `inboard board
 * sla` say.
 */
import { describe, expect, it } from 'vitest';
import { parseTargetsLine, targetsLine, targetsWords } from '../../src/text/response-targets.js';

const H = 3600;

describe('a typed line of targets', () => {
  it('reads first, next, hours and zone in any order; left out is none, around the clock, UTC', () => {
    expect(parseTargetsLine('first 4h next 8h hours Mon-Fri 09:00-17:00 zone europe/berlin')).toEqual({
      ok: true,
      targets: {
        FirstResponseSeconds: 4 * H,
        NextResponseSeconds: 8 * H,
        Hours: 'Mon-Fri 09:00-17:00',
        Zone: 'Europe/Berlin',
      },
    });
    expect(parseTargetsLine('  zone UTC next 1h 30m ')).toEqual({
      ok: true,
      targets: { FirstResponseSeconds: null, NextResponseSeconds: 5400, Hours: null, Zone: 'UTC' },
    });
    expect(parseTargetsLine('NONE')).toEqual({ ok: true, targets: null });
  });

  it('refuses in words, naming the part that was wrong', () => {
    const error = (v: string) => {
      const r = parseTargetsLine(v);
      return r.ok ? null : r.error;
    };
    expect(error('')).toMatch(/^Nothing typed: e\.g\. first 4h/);
    expect(error('soon 4h')).toMatch(/^"soon": start with first, next, hours or zone/);
    expect(error('first')).toBe('first: how long? e.g. first 4h');
    expect(error('first 4h next abc')).toBe('next: "abc": not a length of time — write e.g. 45m, 4h, 1h30m or 2d');
    expect(error('first 4h first 2h')).toMatch(/^"first" is given twice/);
    expect(error('hours Mon-Fri 09:00-17:00')).toMatch(/^Say a first or a next response target/);
    expect(error('first 4h hours Mon-Fx 9-17')).toMatch(/^hours: "Fx" is not a day/);
    expect(error('first 4h zone Mars/Base')).toMatch(/^zone: "Mars\/Base" is not a time zone/);
    expect(error('first 4h zone \u001b[2J')).toContain('^[[2J');
  });
});

describe('targets said back', () => {
  const set = {
    FirstResponseSeconds: 4 * H,
    NextResponseSeconds: 8 * H,
    Hours: 'Mon-Fri 09:00-17:00',
    Zone: 'Europe/Berlin',
  };
  const none = { FirstResponseSeconds: null, NextResponseSeconds: null, Hours: null, Zone: 'UTC' };

  it('as the prompt starts with them: the line it reads, so an edit keeps the rest', () => {
    expect(targetsLine(set)).toBe('first 4h next 8h hours Mon-Fri 09:00-17:00 zone Europe/Berlin');
    expect(parseTargetsLine(targetsLine(set))).toEqual({ ok: true, targets: set });
    expect(targetsLine({ ...set, NextResponseSeconds: null, Hours: null, Zone: 'UTC' })).toBe('first 4h');
    expect(targetsLine(none)).toBe('');
  });

  it('in words', () => {
    expect(targetsWords(set)).toBe('first response 4h, next response 8h, Mon-Fri 09:00-17:00 Europe/Berlin');
    expect(targetsWords({ ...set, FirstResponseSeconds: null, Hours: null })).toBe(
      'next response 8h, around the clock',
    );
    expect(targetsWords(none)).toBe('no response targets');
  });
});
