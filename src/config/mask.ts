/** The API key is never shown whole: enough of it to recognise, not to use. */

/** Keys shorter than this are masked completely: showing 8 of 11 characters would reveal most of it. */
const MIN_PARTIAL = 16;

/** `abcd…wxyz` for a normal key; `••••` (no characters) for a short or empty one. */
export function maskKey(key: string): string {
  const k = key.trim();
  if (k.length < MIN_PARTIAL) return '••••';
  return `${k.slice(0, 4)}…${k.slice(-4)}`;
}
