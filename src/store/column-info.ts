/** A column as the store keys it. */
import type { Column } from '../api/read-model.js';
import { sanitize } from '../text/sanitize.js';

export interface ColumnInfo {
  /** Numeric column id (what request bodies carry). */
  readonly id: number;
  /**
   * The key everywhere in the store: `ColumnId` as the server gives it
   * (`Label_12`), or `#<Id>` when it gives none (the real service).
   */
  readonly label: string;
  readonly name: string;
  /** `name` through sanitize(). */
  readonly displayName: string;
}

/** Columns without a `ColumnId` (the real service's) are keyed `#<Id>`, which no card's label can equal. */
export const toColumnInfo = (c: Column): ColumnInfo => ({
  id: c.Id,
  label: c.ColumnId ?? `#${c.Id}`,
  name: c.Name,
  displayName: sanitize(c.Name),
});
