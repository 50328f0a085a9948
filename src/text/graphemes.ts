/**
 * The one grapheme segmenter, made on first use. The first `Intl.Segmenter`
 * a process makes loads ICU's break rules, about 12 ms; a command that prints
 * JSON, or text that is all ASCII (text/width.ts answers that without one),
 * never needs it, so no module makes one as it loads.
 */
let instance: Intl.Segmenter | undefined;

export function graphemes(): Intl.Segmenter {
  return (instance ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));
}
