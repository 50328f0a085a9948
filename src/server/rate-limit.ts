/**
 * Fixed-window rate limit per API key, in memory: each process counts its
 * own requests (two `serve` processes on one file give each key 2N). Simple
 * and predictable: a client can read its budget off Retry-After.
 */
export interface RateDecision {
  ok: boolean;
  /** Seconds until the window resets (for Retry-After), at least 1. */
  retryAfter: number;
}

export class FixedWindowLimiter {
  private readonly windows = new Map<number, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly windowMs = 60_000,
  ) {}

  hit(keyId: number, nowMs: number): RateDecision {
    if (this.perMinute <= 0) return { ok: true, retryAfter: 0 };
    let w = this.windows.get(keyId);
    if (w === undefined || nowMs - w.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.sweep(nowMs);
      w = { start: nowMs, count: 0 };
      this.windows.set(keyId, w);
    }
    w.count++;
    const retryAfter = Math.max(1, Math.ceil((w.start + this.windowMs - nowMs) / 1000));
    return { ok: w.count <= this.perMinute, retryAfter };
  }

  /** Drops finished windows so the map cannot grow without bound. */
  private sweep(nowMs: number): void {
    for (const [k, w] of this.windows) if (nowMs - w.start >= this.windowMs) this.windows.delete(k);
  }
}
