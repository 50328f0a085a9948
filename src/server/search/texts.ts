/**
 * What of a message is indexed, and how: the text as written (or, for a
 * message of HTML only, its HTML without tags) split into its own lines and
 * the lines it quotes (`> …`), which rank lower. PostgreSQL does the same in
 * SQL (schema-postgres.ts); these are SQLite's, registered as functions on
 * every connection (db.ts) because its triggers call them.
 */
import type BetterSqlite3 from 'better-sqlite3';

/** Past this, a text is indexed only this far (PostgreSQL's tsvector has a 1 MB limit). */
export const INDEXED_CHARS = 100_000;

const QUOTED = /^[ \t]*>/u;

function mainText(text: string | null, html: string | null): string {
  if (text !== null && text.trim() !== '') return text;
  return (html ?? '').replace(/<[^>]*>/gu, ' ');
}

/** The message's own lines: what it says, not what it quotes. */
export function ownLines(text: string | null, html: string | null): string {
  return mainText(text, html)
    .slice(0, INDEXED_CHARS)
    .split('\n')
    .filter((l) => !QUOTED.test(l))
    .join('\n');
}

/** The lines it quotes, without their `>`. */
export function quotedLines(text: string | null): string {
  return (text ?? '')
    .slice(0, INDEXED_CHARS)
    .split('\n')
    .filter((l) => QUOTED.test(l))
    .map((l) => l.replace(/^[ \t>]+/u, ''))
    .join('\n');
}

/** Addresses as the index reads them: a JSON list of them as one text. */
export function addressList(...jsonLists: (string | null)[]): string {
  const out: string[] = [];
  for (const json of jsonLists) {
    try {
      const v: unknown = JSON.parse(json ?? '[]');
      if (Array.isArray(v)) for (const a of v) if (typeof a === 'string') out.push(a);
    } catch {
      if (json) out.push(json);
    }
  }
  return out.join(' ');
}

const asText = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : null;

export function registerSearchFunctions(db: BetterSqlite3.Database): void {
  const deterministic = { deterministic: true };
  db.function('search_own_lines', deterministic, (text: unknown, html: unknown) =>
    ownLines(asText(text), asText(html)),
  );
  db.function('search_quoted', deterministic, (text: unknown) => quotedLines(asText(text)));
  db.function('search_addresses', deterministic, (to: unknown, cc: unknown) => addressList(asText(to), asText(cc)));
}
