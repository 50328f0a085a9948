/** Word wrap by terminal cells, for multi-line text (notes, comments, bodies). */
import { graphemes } from './graphemes.js';
import { cellWidth } from './width.js';

/** Lines of at most `width` cells; breaks at spaces, or inside a word that is too long. */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  const w = Math.max(1, width);
  for (const para of text.split('\n')) {
    let line = '';
    let lineW = 0;
    for (const word of para.split(/(?<= )/)) {
      const ww = cellWidth(word);
      if (lineW + ww <= w) {
        line += word;
        lineW += ww;
        continue;
      }
      if (line !== '') out.push(line.trimEnd());
      line = '';
      lineW = 0;
      if (ww <= w) {
        line = word;
        lineW = ww;
        continue;
      }
      for (const { segment } of graphemes().segment(word)) {
        const sw = cellWidth(segment);
        if (lineW + sw > w) {
          out.push(line);
          line = '';
          lineW = 0;
        }
        line += segment;
        lineW += sw;
      }
    }
    out.push(line.trimEnd());
  }
  return out;
}
