/**
 * SQLite's search index (migration 8 of db.ts): one FTS5 table holding a
 * row per text — a card's title, each note, sub-task and comment, each
 * message — kept by triggers on those tables, so every write is indexed in
 * its own transaction whatever code made it (the routes, mail import, a
 * seed). A row's rowid is its source's id × 8 + its kind (KIND_CODES), so a
 * change finds its row without a scan.
 *
 * Columns, ranked in that order (bm25 weights in query-sqlite.ts): subject
 * (a title, a message's subject), body (a note, a comment, a message's own
 * lines), sender (a message's From, the author of a note or comment),
 * recipients (To and Cc), quoted (the lines a message quotes).
 */

/** A text's kind, and the low 3 bits of its rowid. */
export const KIND_CODES = { title: 0, note: 1, subtask: 2, comment: 3, message: 4 } as const;
export type TextKind = keyof typeof KIND_CODES;

const COLUMNS = 'rowid, subject, body, sender, recipients, quoted, card_id, kind, src, at';
const author = (row: string) => `(SELECT email || ' ' || name FROM users WHERE id = ${row}.user_id)`;

const cardRow = (r: string) => `${r}.id * 8, ${r}.title, '', '', '', '', ${r}.id, 'title', ${r}.id, ${r}.created_at`;
const textRow = (r: string, kind: TextKind) =>
  `${r}.id * 8 + ${KIND_CODES[kind]}, '', substr(${r}.body, 1, 100000), ${author(r)}, '', '', ${r}.card_id, '${kind}', ${r}.id, ${r}.created_at`;
const messageRow = (r: string) =>
  `${r}.id * 8 + 4, ${r}.subject, search_own_lines(${r}.body_text, ${r}.body_html), ${r}.from_addr,
   search_addresses(${r}.to_addrs, ${r}.cc_addrs), search_quoted(${r}.body_text), ${r}.card_id, 'message', ${r}.id, ${r}.sent_at`;

function triggers(table: string, row: (r: string) => string, code: number, updateOf: string): string {
  return `
  CREATE TRIGGER search_${table}_insert AFTER INSERT ON ${table} BEGIN
    INSERT INTO search (${COLUMNS}) VALUES (${row('NEW')});
  END;
  CREATE TRIGGER search_${table}_update AFTER UPDATE OF ${updateOf} ON ${table} BEGIN
    DELETE FROM search WHERE rowid = OLD.id * 8 + ${code};
    INSERT INTO search (${COLUMNS}) VALUES (${row('NEW')});
  END;
  CREATE TRIGGER search_${table}_delete AFTER DELETE ON ${table} BEGIN
    DELETE FROM search WHERE rowid = OLD.id * 8 + ${code};
  END;
  INSERT INTO search (${COLUMNS}) SELECT ${row(table)} FROM ${table};`;
}

export const SQLITE_SEARCH_MIGRATION = `
  CREATE VIRTUAL TABLE search USING fts5(
    subject, body, sender, recipients, quoted,
    card_id UNINDEXED, kind UNINDEXED, src UNINDEXED, at UNINDEXED,
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  ${triggers('cards', cardRow, 0, 'title')}
  ${triggers('notes', (r) => textRow(r, 'note'), 1, 'body')}
  ${triggers('subtasks', (r) => textRow(r, 'subtask'), 2, 'body')}
  ${triggers('comments', (r) => textRow(r, 'comment'), 3, 'body')}
  ${triggers('messages', messageRow, 4, 'subject, body_text, body_html, from_addr, to_addrs, cc_addrs')}
`;
