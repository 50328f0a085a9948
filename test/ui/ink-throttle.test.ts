/**
 * src/ui/ink-overrides/throttle.ts stands in for Ink's frame throttle: the
 * same leading and trailing edges, except that the first frame after a key
 * is drawn at once (at most one such frame per URGENT_MIN_MS).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawNextFrameAtOnce, throttle, URGENT_MIN_MS } from '../../src/ui/ink-overrides/throttle.js';

afterEach(() => {
  vi.useRealTimers();
});

function frames(wait: number) {
  const drawn: number[] = [];
  const t = throttle((n: number) => void drawn.push(n), wait, { leading: true, trailing: true });
  return { drawn, t };
}

describe('the frame throttle', () => {
  it('draws the first call at once and the last of a burst at the trailing edge, as Ink’s does', () => {
    vi.useFakeTimers();
    const { drawn, t } = frames(17);
    t(1);
    t(2);
    t(3);
    expect(drawn).toEqual([1]);
    vi.advanceTimersByTime(17);
    expect(drawn).toEqual([1, 3]);
    vi.advanceTimersByTime(100);
    expect(drawn).toEqual([1, 3]);
  });

  it('a frame after a key is drawn at once, not at the trailing edge; the next one is throttled again', () => {
    vi.useFakeTimers();
    const { drawn, t } = frames(17);
    t(1);
    vi.advanceTimersByTime(URGENT_MIN_MS);
    drawNextFrameAtOnce();
    t(2);
    expect(drawn).toEqual([1, 2]);
    t(3);
    expect(drawn).toEqual([1, 2]);
    vi.advanceTimersByTime(17);
    expect(drawn).toEqual([1, 2, 3]);
  });

  it('keys faster than URGENT_MIN_MS apart draw no faster than that', () => {
    vi.useFakeTimers();
    const { drawn, t } = frames(17);
    drawNextFrameAtOnce();
    t(1);
    drawNextFrameAtOnce();
    t(2);
    expect(drawn).toEqual([1]);
    vi.advanceTimersByTime(17);
    expect(drawn).toEqual([1, 2]);
  });

  it('cancel drops a waiting frame, flush draws it now (what Ink does on unmount)', () => {
    vi.useFakeTimers();
    const a = frames(17);
    a.t(1);
    a.t(2);
    a.t.cancel();
    vi.advanceTimersByTime(50);
    expect(a.drawn).toEqual([1]);
    const b = frames(17);
    b.t(1);
    b.t(2);
    b.t.flush();
    expect(b.drawn).toEqual([1, 2]);
  });

  it('leaves a throttle without a wait (Ink’s log writes) drawing every call', () => {
    const { drawn, t } = frames(0);
    drawNextFrameAtOnce();
    t(1);
    t(2);
    expect(drawn).toEqual([1, 2]);
  });
});
