/**
 * The schema of reports (SQLite migration 12, PostgreSQL 8), the same on
 * both engines: `card_resolutions`, every time a card was archived, kept by
 * a trigger as `archived_at` is set. A customer's answer brings an archived
 * card back and clears `archived_at`; without this history a conversation
 * resolved without a reply and reopened later would read as one long first
 * response. Existing archived cards are filled in from their `archived_at`.
 */

const table = (big: 'INTEGER' | 'BIGINT') => `
  CREATE TABLE card_resolutions (
    card_id ${big} NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    resolved_at TEXT NOT NULL
  );
  CREATE INDEX card_resolutions_card ON card_resolutions(card_id);
  INSERT INTO card_resolutions (card_id, resolved_at)
    SELECT id, archived_at FROM cards WHERE archived = 1 AND archived_at IS NOT NULL;`;

export const SQLITE_REPORTS_MIGRATION = `${table('INTEGER')}
  CREATE TRIGGER cards_resolved AFTER UPDATE OF archived_at ON cards
    WHEN NEW.archived_at IS NOT NULL AND OLD.archived_at IS NOT NEW.archived_at
  BEGIN
    INSERT INTO card_resolutions (card_id, resolved_at) VALUES (NEW.id, NEW.archived_at);
  END;
`;

export const POSTGRES_REPORTS_MIGRATION = `${table('BIGINT')}
  CREATE FUNCTION cards_resolved() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO card_resolutions (card_id, resolved_at) VALUES (NEW.id, NEW.archived_at);
    RETURN NULL;
  END $$;
  CREATE TRIGGER cards_resolved AFTER UPDATE OF archived_at ON cards FOR EACH ROW
    WHEN (NEW.archived_at IS NOT NULL AND OLD.archived_at IS DISTINCT FROM NEW.archived_at)
    EXECUTE FUNCTION cards_resolved();
`;
