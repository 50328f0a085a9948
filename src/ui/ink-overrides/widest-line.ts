/**
 * Replaces the `widest-line` package inside Ink (scripts/ink-overrides.mjs).
 * Ink measures every Text node with it on every frame, uncached: string-
 * width segmenting each title into graphemes was ~4 ms of a 17 ms frame.
 * Same answer, with an ASCII fast path and a cache.
 */
export { widestLine as default } from '../../text/width.js';
