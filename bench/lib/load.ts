/**
 * A small HTTP load generator on undici (keep-alive pools, no pipelining):
 * `connections` loops each send a request, read the whole answer, and send
 * the next, for `seconds`. With several origins the requests go round-robin
 * across them, as a load balancer in front of several instances would.
 */
import { Pool } from 'undici';
import { quantile } from './stats.js';

export interface LoadRequest {
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

export interface LoadOptions {
  origins: readonly string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** The n-th request of the run (0-based, across all connections). */
  request: (n: number) => LoadRequest;
  /** Stop after this many requests (if sooner than `seconds`). */
  maxRequests?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  /** Latency in ms. */
  p50: number;
  p99: number;
  /** Answers other than 2xx, and failed requests. */
  errors: number;
}

export async function load(opts: LoadOptions): Promise<LoadResult> {
  const pools = opts.origins.map((o) => new Pool(o, { connections: opts.connections, pipelining: 1 }));
  const latencies: number[] = [];
  let n = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  const loop = async () => {
    while (performance.now() < until && n < (opts.maxRequests ?? Infinity)) {
      const i = n++;
      const pool = pools[i % pools.length] as Pool;
      const r = opts.request(i);
      const t0 = performance.now();
      try {
        const res = await pool.request({
          path: r.path,
          method: r.method ?? 'GET',
          headers: opts.headers,
          ...(r.body === undefined ? {} : { body: r.body }),
        });
        // Read the whole answer, as a client does.
        await res.body.arrayBuffer();
        if (res.statusCode < 200 || res.statusCode >= 300) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(pools.map((p) => p.close()));
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    errors,
  };
}
