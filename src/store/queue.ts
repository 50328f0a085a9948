/**
 * Runs mutations: one at a time per key (a card), different keys in
 * parallel up to a cap. Same-card order matters (move then edit must reach
 * the server in that order); different cards must not wait on each other.
 */
interface Job {
  key: string;
  start(): void;
}

export class KeyedQueue {
  private readonly byKey = new Map<string, Job[]>();
  /** Jobs at the head of their key, waiting for a free slot, oldest first. */
  private readonly ready: Job[] = [];
  private running = 0;

  constructor(private readonly cap = 4) {}

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        key,
        start: () => {
          // A task that throws synchronously still settles through the promise.
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => this.finish(job));
        },
      };
      const waiting = this.byKey.get(key);
      if (waiting) {
        waiting.push(job);
      } else {
        this.byKey.set(key, [job]);
        this.ready.push(job);
        this.pump();
      }
    });
  }

  /** Jobs queued or running. */
  get size(): number {
    let n = 0;
    for (const jobs of this.byKey.values()) n += jobs.length;
    return n;
  }

  private pump(): void {
    while (this.running < this.cap) {
      const job = this.ready.shift();
      if (!job) return;
      this.running++;
      job.start();
    }
  }

  private finish(job: Job): void {
    this.running--;
    const jobs = this.byKey.get(job.key);
    jobs?.shift();
    const next = jobs?.[0];
    if (next) this.ready.push(next);
    else this.byKey.delete(job.key);
    this.pump();
  }
}

/** Maps `items` through `fn` with at most `cap` calls in flight. */
export async function mapLimit<T, R>(items: readonly T[], cap: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(cap, items.length) }, worker));
  return results;
}
