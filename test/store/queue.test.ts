import { describe, expect, it } from 'vitest';
import { KeyedQueue, mapLimit } from '../../src/store/queue.js';

/** A promise we settle by hand, so order is decided by the test, not by time. */
function gate<T = void>() {
  let open!: (v: T) => void;
  let fail!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    open = res;
    fail = rej;
  });
  return { promise, open, fail };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedQueue', () => {
  it('runs one key serially and different keys in parallel', async () => {
    const q = new KeyedQueue(4);
    const log: string[] = [];
    const a1 = gate();
    const b1 = gate();
    const p = [
      q.run('a', async () => {
        log.push('a1 start');
        await a1.promise;
        log.push('a1 end');
      }),
      q.run('a', async () => {
        log.push('a2 start');
      }),
      q.run('b', async () => {
        log.push('b1 start');
        await b1.promise;
        log.push('b1 end');
      }),
    ];
    await tick();
    expect(log).toEqual(['a1 start', 'b1 start']);
    b1.open();
    await tick();
    expect(log).toEqual(['a1 start', 'b1 start', 'b1 end']);
    a1.open();
    await Promise.all(p);
    expect(log).toEqual(['a1 start', 'b1 start', 'b1 end', 'a1 end', 'a2 start']);
    expect(q.size).toBe(0);
  });

  it('never runs more than the cap at once', async () => {
    const q = new KeyedQueue(2);
    let running = 0;
    let most = 0;
    const gates = Array.from({ length: 5 }, () => gate());
    const all = gates.map((g, i) =>
      q.run(`k${i}`, async () => {
        running++;
        most = Math.max(most, running);
        await g.promise;
        running--;
      }),
    );
    await tick();
    expect(running).toBe(2);
    for (const g of gates) {
      g.open();
      await tick();
    }
    await Promise.all(all);
    expect(most).toBe(2);
  });

  it('a failure settles only its own job; the key goes on', async () => {
    const q = new KeyedQueue(1);
    const first = q.run('a', async () => {
      throw new Error('nope');
    });
    const second = q.run('a', async () => 'fine');
    const sync = q.run('b', () => {
      throw new Error('sync throw');
    });
    await expect(first).rejects.toThrow('nope');
    await expect(second).resolves.toBe('fine');
    await expect(sync).rejects.toThrow('sync throw');
  });
});

describe('mapLimit', () => {
  it('keeps result order with a bounded number in flight', async () => {
    let running = 0;
    let most = 0;
    const out = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setImmediate(r));
      running--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
});
