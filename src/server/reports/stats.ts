/** Median and 90th percentile of durations, in whole seconds (docs/reports.md). */
import type { DurationStats } from '../../api/schema-reports.js';

/**
 * The median is the middle value (the mean of the two middle ones for an
 * even count); the 90th percentile the smallest value at least 90% of the
 * values are not above (nearest rank). Empty: nulls, never NaN.
 */
export function durationStats(values: readonly number[]): DurationStats {
  const sorted = values.filter((v) => Number.isFinite(v) && v >= 0).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { Count: 0, MedianSeconds: null, P90Seconds: null };
  const mid = n >> 1;
  const median = n % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  const p90 = sorted[Math.ceil(0.9 * n) - 1] ?? 0;
  return { Count: n, MedianSeconds: Math.round(median), P90Seconds: Math.round(p90) };
}
