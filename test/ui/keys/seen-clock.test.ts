/**
 * The clock that says whether a key can be a reaction to what is drawn:
 * time since the draw, and the keys typed before it read first.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterTypedAhead, SeenClock } from '../../../src/ui/keys/seen-clock.js';

// The clock's time and its turns of the event loop, both faked: each turn runs what setImmediate queued.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const turn = () => vi.advanceTimersToNextTimer();
const advance = (ms: number) => vi.advanceTimersByTime(ms);

describe('afterTypedAhead', () => {
  it('waits for a turn of the event loop with input polled, not only for time', async () => {
    const stdin = new EventEmitter();
    stdin.on('readable', () => undefined);
    let done = false;
    afterTypedAhead(stdin, () => (done = true));
    turn();
    expect(done).toBe(false);
    turn();
    expect(done).toBe(true);
  });

  it('with nobody reading the input yet, waits for the reader', async () => {
    const stdin = new EventEmitter();
    let done = false;
    afterTypedAhead(stdin, () => (done = true));
    advance(30);
    expect(done).toBe(false);
    stdin.on('data', () => undefined);
    advance(10);
    expect(done).toBe(false);
    stdin.on('readable', () => undefined);
    turn();
    turn();
    turn();
    expect(done).toBe(true);
  });
});

describe('SeenClock', () => {
  it('counts a card seen only once it has been drawn long enough and the keys before it are read', async () => {
    const stdin = new EventEmitter();
    const clock = new SeenClock<string>(40, stdin);
    clock.drawn('a');
    expect(clock.seen('a')).toBe(false);
    advance(60);
    // Time enough, but nothing has read the keys typed before the draw.
    expect(clock.seen('a')).toBe(false);
    stdin.on('readable', () => undefined);
    turn();
    turn();
    turn();
    expect(clock.seen('a')).toBe(true);
    expect(clock.seen('b')).toBe(false);
  });

  it('keeps the first time for what is drawn again, and starts afresh for another or after a clear', async () => {
    const stdin = new EventEmitter();
    stdin.on('readable', () => undefined);
    const clock = new SeenClock<string>(30, stdin);
    clock.drawn('a');
    advance(50);
    clock.drawn('a');
    expect(clock.seen('a')).toBe(true);
    clock.blank('a');
    expect(clock.seen('a')).toBe(true);
    clock.blank('b');
    expect(clock.seen('a')).toBe(false);
    clock.drawn('a');
    expect(clock.seen('a')).toBe(false);
    advance(50);
    expect(clock.seen('a')).toBe(true);
    clock.clear();
    clock.drawn('a');
    expect(clock.seen('a')).toBe(false);
  });

  it('with no reaction time, everything is seen at once', () => {
    const clock = new SeenClock<string>(0, new EventEmitter());
    expect(clock.seen('a')).toBe(true);
  });
});
