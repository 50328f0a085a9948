/**
 * Text as searches compare it: lower case, accents dropped (NFD, then the
 * combining marks removed), so "muller" finds "Müller" and "zoe" finds "Zoë".
 * Scripts without case or marks (王伟) compare as they are.
 */
export function foldText(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
