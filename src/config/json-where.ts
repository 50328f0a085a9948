/**
 * Where a value is in a JSON text, by its path (`["keys", "card.archive", 1]`
 * → line 4, column 21), and where a syntax error is: what lets a config
 * problem say "line 4". A small scanner of its own (JSON.parse keeps no
 * positions); on text it can't follow it knows fewer places, never throws.
 */

export interface Where {
  line: number;
  column: number;
}

/** Line and column (1-based) of an offset in the text. */
export function whereAt(text: string, offset: number): Where {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

/** Every value's (and member name's) offset by its path joined with NUL. */
export function jsonPlaces(text: string): Map<string, number> {
  const places = new Map<string, number>();
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i] as string)) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return text.slice(start + 1, i - 1);
    }
  };
  const value = (path: (string | number)[]): void => {
    ws();
    places.set(path.join('\0'), i);
    const c = text[i];
    if (c === '{') {
      i++;
      for (;;) {
        ws();
        if (text[i] === '}' || i >= text.length) break;
        if (text[i] !== '"') return;
        const keyAt = i;
        const key = str();
        places.set([...path, key].join('\0'), keyAt);
        ws();
        if (text[i] !== ':') return;
        i++;
        value([...path, key]);
        // The member's place is its name, where a reader looks for it.
        places.set([...path, key].join('\0'), keyAt);
        ws();
        if (text[i] === ',') i++;
        else break;
      }
      i++;
    } else if (c === '[') {
      i++;
      for (let n = 0; ; n++) {
        ws();
        if (text[i] === ']' || i >= text.length) break;
        value([...path, n]);
        ws();
        if (text[i] === ',') i++;
        else break;
      }
      i++;
    } else if (c === '"') str();
    else while (i < text.length && /[^\s,\]}]/.test(text[i] as string)) i++;
  };
  value([]);
  return places;
}

/** Where the value at `path` is written, or the nearest of its parents that is. */
export function whereIs(text: string, places: Map<string, number>, path: readonly PropertyKey[]): Where | null {
  for (let n = path.length; n > 0; n--) {
    const at = places.get(path.slice(0, n).map(String).join('\0'));
    if (at !== undefined) return whereAt(text, at);
  }
  return null;
}

/** The place of a JSON.parse error, from its message ("… at position 42", "line 3 column 5"). */
export function syntaxErrorWhere(text: string, message: string): Where | null {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/.exec(message);
  if (pos) return whereAt(text, Number(pos[1]));
  if (/end of JSON input/.test(message)) return whereAt(text, text.length);
  return null;
}
