/** A column as the store keys it. */
import type { Column } from '../api/tolerant.js';
import { sanitize } from '../text/sanitize.js';
import type { ColumnInfo } from './types.js';

/** Columns without a `ColumnId` (the real service's) are keyed `#<Id>`, which no card's label can equal. */
export const toColumnInfo = (c: Column): ColumnInfo => ({
  id: c.Id,
  label: c.ColumnId ?? `#${c.Id}`,
  name: c.Name,
  displayName: sanitize(c.Name),
});
