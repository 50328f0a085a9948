/**
 * The report's charts, drawn as text in terminal cells (width.ts): bars in
 * eighths of a cell, a heatmap's shades, and durations in short words. No
 * colour: they read the same in every theme and under NO_COLOR.
 */
import { cellWidth } from './width.js';

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A bar of `value` out of `max` in `cells` cells; a value above zero always shows. */
export function bar(value: number, max: number, cells: number): string {
  if (!(value > 0) || !(max > 0) || cells <= 0) return '';
  const eighths = Math.max(1, Math.round((Math.min(value, max) / max) * cells * 8));
  return '█'.repeat(Math.floor(eighths / 8)) + (EIGHTHS[eighths % 8] ?? '');
}

/** `text` padded (or cut) to `cells`, on the right or left. */
export function pad(text: string, cells: number, right = false): string {
  const w = cellWidth(text);
  if (w >= cells) return text;
  return right ? ' '.repeat(cells - w) + text : text + ' '.repeat(cells - w);
}

/** Shades of a heatmap cell: none, then four steps up to the busiest. */
export const SHADES = ['·', '░', '▒', '▓', '█'] as const;

export function shade(value: number, max: number): string {
  if (!(value > 0) || !(max > 0)) return SHADES[0];
  return SHADES[Math.min(4, Math.ceil((value / max) * 4))] ?? SHADES[4];
}

/**
 * A duration in at most two units, largest first: `45s`, `10m`, `2h`,
 * `1h 30m`, `3d`, `3d 4h`. Null (nothing to measure) is `—`; never NaN or
 * a negative time.
 */
export function shortDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  const units: [number, string][] = [
    [86_400, 'd'],
    [3600, 'h'],
    [60, 'm'],
    [1, 's'],
  ];
  const first = units.findIndex(([size]) => s >= size);
  if (first < 0) return '0s';
  const [size, name] = units[first] ?? [1, 's'];
  const whole = Math.floor(s / size);
  const next = units[first + 1];
  if (next === undefined) return `${whole}${name}`;
  const rest = Math.floor((s - whole * size) / next[0]);
  return rest === 0 ? `${whole}${name}` : `${whole}${name} ${rest}${next[1]}`;
}
