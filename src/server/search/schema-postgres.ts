/**
 * PostgreSQL's search index (migration 4 of sql/postgres-schema.ts): the same
 * rows as SQLite's FTS5 table (schema-sqlite.ts) in `search_docs`, each with
 * a weighted tsvector (A subject, B body, C sender and recipients, D quoted)
 * under a GIN index, and the sender's and recipients' own for `from:` and
 * `to:`; their texts, for snippets, in `search_texts`, so the rows a match
 * reads are narrow. Triggers on the texts' tables keep it in each write's transaction.
 *
 * The configuration `inboard_search` is English (stemmed, stop words) with
 * `unaccent` before the stemmer, so `muller` finds Müller. unaccent is not
 * IMMUTABLE, which is why the vectors are filled by the triggers rather than
 * being generated columns. `@`, `.` and `_` become spaces before parsing, as
 * SQLite's tokenizer cuts there: `jane@acme.io` is the words jane acme io.
 */

const CLEAN = (x: string) => `regexp_replace(left(coalesce(${x}, ''), 100000), '[@._]+', ' ', 'g')`;
const VEC = (x: string) => `to_tsvector('inboard_search', ${CLEAN(x)})`;

export const POSTGRES_SEARCH_MIGRATION = `
  CREATE EXTENSION IF NOT EXISTS unaccent;
  CREATE TEXT SEARCH CONFIGURATION inboard_search (COPY = pg_catalog.english);
  ALTER TEXT SEARCH CONFIGURATION inboard_search
    ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
  ALTER TEXT SEARCH CONFIGURATION inboard_search
    ALTER MAPPING FOR asciihword, asciiword, hword_asciipart WITH english_stem;

  -- Narrow rows for matching and ranking; the texts (for snippets) apart, read for a page only.
  CREATE TABLE search_docs (
    id BIGINT PRIMARY KEY,
    card_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    src BIGINT NOT NULL,
    at TEXT NOT NULL,
    doc TSVECTOR NOT NULL,
    sender_v TSVECTOR NOT NULL,
    recipients_v TSVECTOR NOT NULL
  );
  CREATE TABLE search_texts (
    id BIGINT PRIMARY KEY REFERENCES search_docs(id) ON DELETE CASCADE,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    sender TEXT NOT NULL,
    recipients TEXT NOT NULL,
    quoted TEXT NOT NULL
  );
  CREATE INDEX search_docs_doc ON search_docs USING GIN (doc);
  CREATE INDEX search_docs_sender ON search_docs USING GIN (sender_v);
  CREATE INDEX search_docs_recipients ON search_docs USING GIN (recipients_v);
  CREATE INDEX search_docs_card ON search_docs (card_id);

  CREATE FUNCTION search_put(p_id BIGINT, p_card BIGINT, p_kind TEXT, p_src BIGINT, p_at TEXT, p_subject TEXT,
                             p_body TEXT, p_sender TEXT, p_recipients TEXT, p_quoted TEXT) RETURNS void
  LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO search_docs (id, card_id, kind, src, at, doc, sender_v, recipients_v)
    VALUES (p_id, p_card, p_kind, p_src, p_at,
      setweight(${VEC('p_subject')}, 'A') || setweight(${VEC('p_body')}, 'B') ||
      setweight(${VEC("p_sender || ' ' || p_recipients")}, 'C') || setweight(${VEC('p_quoted')}, 'D'),
      ${VEC('p_sender')}, ${VEC('p_recipients')})
    ON CONFLICT (id) DO UPDATE SET card_id = EXCLUDED.card_id, at = EXCLUDED.at,
      doc = EXCLUDED.doc, sender_v = EXCLUDED.sender_v, recipients_v = EXCLUDED.recipients_v;
    INSERT INTO search_texts (id, subject, body, sender, recipients, quoted)
    VALUES (p_id, p_subject, left(p_body, 100000), p_sender, p_recipients, left(p_quoted, 100000))
    ON CONFLICT (id) DO UPDATE SET subject = EXCLUDED.subject, body = EXCLUDED.body, sender = EXCLUDED.sender,
      recipients = EXCLUDED.recipients, quoted = EXCLUDED.quoted;
  END $$;

  -- A message's own lines (its text, else its HTML without tags) and the lines it quotes.
  CREATE FUNCTION search_own_lines(p_text TEXT, p_html TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
    SELECT regexp_replace(
      CASE WHEN btrim(coalesce(p_text, '')) <> '' THEN p_text
           ELSE regexp_replace(coalesce(p_html, ''), '<[^>]*>', ' ', 'g') END,
      '^[ \\t]*>[^\\n]*$', '', 'gn')
  $$;
  CREATE FUNCTION search_quoted(p_text TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(string_agg(m[1], E'\\n'), '') FROM regexp_matches(coalesce(p_text, ''), '^[ \\t>]*>[ \\t]*([^\\n]*)$', 'gn') AS m
  $$;
  CREATE FUNCTION search_addresses(p_to TEXT, p_cc TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(string_agg(a, ' '), '') FROM (
      SELECT jsonb_array_elements_text(CASE WHEN p_to ~ '^\\s*\\[' THEN p_to::jsonb ELSE '[]'::jsonb END) AS a
      UNION ALL
      SELECT jsonb_array_elements_text(CASE WHEN p_cc ~ '^\\s*\\[' THEN p_cc::jsonb ELSE '[]'::jsonb END)
    ) AS t
  $$;
  CREATE FUNCTION search_author(p_user BIGINT) RETURNS TEXT LANGUAGE sql STABLE AS $$
    SELECT coalesce((SELECT email || ' ' || name FROM users WHERE id = p_user), '')
  $$;

  CREATE FUNCTION search_cards_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN DELETE FROM search_docs WHERE id = OLD.id * 8; RETURN OLD; END IF;
    PERFORM search_put(NEW.id * 8, NEW.id, 'title', NEW.id, NEW.created_at, NEW.title, '', '', '', '');
    RETURN NEW;
  END $$;
  -- notes, subtasks, comments: TG_ARGV[0] is the kind, TG_ARGV[1] its code.
  CREATE FUNCTION search_texts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN DELETE FROM search_docs WHERE id = OLD.id * 8 + TG_ARGV[1]::int; RETURN OLD; END IF;
    PERFORM search_put(NEW.id * 8 + TG_ARGV[1]::int, NEW.card_id, TG_ARGV[0], NEW.id, NEW.created_at, '', NEW.body,
      search_author(NEW.user_id), '', '');
    RETURN NEW;
  END $$;
  CREATE FUNCTION search_messages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN DELETE FROM search_docs WHERE id = OLD.id * 8 + 4; RETURN OLD; END IF;
    PERFORM search_put(NEW.id * 8 + 4, NEW.card_id, 'message', NEW.id, NEW.sent_at, NEW.subject,
      search_own_lines(NEW.body_text, NEW.body_html), NEW.from_addr, search_addresses(NEW.to_addrs, NEW.cc_addrs),
      search_quoted(NEW.body_text));
    RETURN NEW;
  END $$;

  CREATE TRIGGER search_cards AFTER INSERT OR DELETE OR UPDATE OF title ON cards
    FOR EACH ROW EXECUTE FUNCTION search_cards_changed();
  CREATE TRIGGER search_notes AFTER INSERT OR DELETE OR UPDATE OF body ON notes
    FOR EACH ROW EXECUTE FUNCTION search_texts_changed('note', '1');
  CREATE TRIGGER search_subtasks AFTER INSERT OR DELETE OR UPDATE OF body ON subtasks
    FOR EACH ROW EXECUTE FUNCTION search_texts_changed('subtask', '2');
  CREATE TRIGGER search_comments AFTER INSERT OR DELETE OR UPDATE OF body ON comments
    FOR EACH ROW EXECUTE FUNCTION search_texts_changed('comment', '3');
  CREATE TRIGGER search_messages AFTER INSERT OR DELETE
    OR UPDATE OF subject, body_text, body_html, from_addr, to_addrs, cc_addrs ON messages
    FOR EACH ROW EXECUTE FUNCTION search_messages_changed();

  -- What was there before the index.
  SELECT search_put(id * 8, id, 'title', id, created_at, title, '', '', '', '') FROM cards;
  SELECT search_put(id * 8 + 1, card_id, 'note', id, created_at, '', body, search_author(user_id), '', '') FROM notes;
  SELECT search_put(id * 8 + 2, card_id, 'subtask', id, created_at, '', body, search_author(user_id), '', '') FROM subtasks;
  SELECT search_put(id * 8 + 3, card_id, 'comment', id, created_at, '', body, search_author(user_id), '', '') FROM comments;
  SELECT search_put(id * 8 + 4, card_id, 'message', id, sent_at, subject, search_own_lines(body_text, body_html),
    from_addr, search_addresses(to_addrs, cc_addrs), search_quoted(body_text)) FROM messages;
`;
