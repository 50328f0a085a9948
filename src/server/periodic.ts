/**
 * A worker that looks every so often, on each instance: one look at a time
 * (a look asked for during another waits for it), a failed look logged and
 * tried again at the next (the database may be away), and a stop that waits
 * for the look in progress. The outbox, the snooze waker and the notifier are
 * each one; their `look` is all that differs.
 */
export abstract class PeriodicLook<T> {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<T>;
  /** Set by `stop`: a look in progress ends early where it can. */
  protected stopped = false;

  /**
   * @param name the log line's first word
   * @param everyMs how often to look; 0 or less: only when `tick` is called (tests)
   * @param failed what a failed look resolves to
   */
  protected constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly failed: T,
    private readonly log: ((line: string) => void) | undefined,
  ) {
    this.ticking = Promise.resolve(failed);
  }

  protected abstract look(): Promise<T>;

  /** Looks every `everyMs` from now on (not keeping the process alive); `now` also looks at once. */
  start(now = false): void {
    if (now) void this.tick();
    if (this.everyMs <= 0) return;
    this.timer = setInterval(() => void this.tick(), this.everyMs);
    this.timer.unref();
  }

  /** One look, after any in progress. */
  tick(): Promise<T> {
    this.ticking = this.ticking
      .then(() => this.look())
      .catch((err: unknown) => {
        this.log?.(`${this.name}: ${err instanceof Error ? err.message : String(err)}`);
        return this.failed;
      });
    return this.ticking;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
  }
}
