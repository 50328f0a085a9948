/**
 * SQLite's search index (migration 8 of db.ts): an FTS5 table holding a row
 * per text — a card's title, each note, sub-task and comment, each message —
 * and beside it `search_rows`, the card and date of each row, both kept by
 * triggers on those tables, so every write is indexed in its own transaction
 * whatever code made it (the routes, mail import, a seed). A row's id is its
 * source's id × 8 + its kind (KIND_CODES), so a change finds its row without
 * a scan, and a match says its kind and source without reading the row.
 *
 * The card and date are not columns of the FTS5 table: FTS5 reads a whole
 * content row to give any column, so reading them for 20,000 matches took
 * 275 ms; from `search_rows` (small rows, by primary key) a few.
 *
 * The texts, ranked in this order (bm25 weights in engines.ts): subject
 * (a title, a message's subject), body (a note, a comment, a message's own
 * lines), sender (a message's From, the author of a note or comment),
 * recipients (To and Cc), quoted (the lines a message quotes).
 */

/** A text's kind, and the low 3 bits of its rowid. */
export const KIND_CODES = { title: 0, note: 1, subtask: 2, comment: 3, message: 4 } as const;
export type TextKind = keyof typeof KIND_CODES;

const COLUMNS = 'rowid, subject, body, sender, recipients, quoted';
const author = (row: string) => `(SELECT email || ' ' || name FROM users WHERE id = ${row}.user_id)`;

/** A source's row: its texts for the FTS5 table, its card and date for search_rows. */
interface Row {
  texts: (r: string) => string;
  place: (r: string) => string;
}
const cardRow: Row = {
  texts: (r) => `${r}.id * 8, ${r}.title, '', '', '', ''`,
  place: (r) => `${r}.id * 8, ${r}.id, ${r}.created_at`,
};
const textRow = (kind: TextKind): Row => ({
  texts: (r) => `${r}.id * 8 + ${KIND_CODES[kind]}, '', substr(${r}.body, 1, 100000), ${author(r)}, '', ''`,
  place: (r) => `${r}.id * 8 + ${KIND_CODES[kind]}, ${r}.card_id, ${r}.created_at`,
});
const messageRow: Row = {
  texts: (r) => `${r}.id * 8 + 4, ${r}.subject, search_own_lines(${r}.body_text, ${r}.body_html), ${r}.from_addr,
   search_addresses(${r}.to_addrs, ${r}.cc_addrs), search_quoted(${r}.body_text)`,
  place: (r) => `${r}.id * 8 + 4, ${r}.card_id, ${r}.sent_at`,
};

function triggers(table: string, row: Row, code: number, updateOf: string): string {
  const put = (r: string) => `
    INSERT INTO search (${COLUMNS}) VALUES (${row.texts(r)});
    INSERT INTO search_rows (id, card_id, at) VALUES (${row.place(r)});`;
  const drop = `
    DELETE FROM search WHERE rowid = OLD.id * 8 + ${code};
    DELETE FROM search_rows WHERE id = OLD.id * 8 + ${code};`;
  return `
  CREATE TRIGGER search_${table}_insert AFTER INSERT ON ${table} BEGIN${put('NEW')}
  END;
  CREATE TRIGGER search_${table}_update AFTER UPDATE OF ${updateOf} ON ${table} BEGIN${drop}${put('NEW')}
  END;
  CREATE TRIGGER search_${table}_delete AFTER DELETE ON ${table} BEGIN${drop}
  END;
  INSERT INTO search (${COLUMNS}) SELECT ${row.texts(table)} FROM ${table};
  INSERT INTO search_rows (id, card_id, at) SELECT ${row.place(table)} FROM ${table};`;
}

export const SQLITE_SEARCH_MIGRATION = `
  CREATE VIRTUAL TABLE search USING fts5(
    subject, body, sender, recipients, quoted,
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  CREATE TABLE search_rows (id INTEGER PRIMARY KEY, card_id INTEGER NOT NULL, at TEXT NOT NULL);
  CREATE INDEX search_rows_card ON search_rows(card_id);
  ${triggers('cards', cardRow, 0, 'title')}
  ${triggers('notes', textRow('note'), 1, 'body')}
  ${triggers('subtasks', textRow('subtask'), 2, 'body')}
  ${triggers('comments', textRow('comment'), 3, 'body')}
  ${triggers('messages', messageRow, 4, 'subject, body_text, body_html, from_addr, to_addrs, cc_addrs')}
`;

/** A row id's kind, in SQL: its low 3 bits as KIND_CODES names them. */
export const kindOfId = (id: string): string =>
  `CASE ${id} % 8 ${Object.entries(KIND_CODES)
    .map(([k, c]) => `WHEN ${c} THEN '${k}'`)
    .join(' ')} END`;
