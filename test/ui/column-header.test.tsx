/** A column's header: a long name is cut, never its card count. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OWNER_EMAIL } from '../../src/server/index.js';
import { startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

const LONG = 'Waiting for the customer to reply to our last email';

describe('column header', () => {
  it('keeps the count, (11) and (50+), when the name is too long for the column', async () => {
    ui = await startUi();
    const first = ui.store.getState().columns[0]!;
    ui.sql('UPDATE columns SET name = ? WHERE id = ?', LONG, first.id);
    await ui.store.getState().refresh();
    const renamed = await ui.waitFor('Waiting for the');
    const header = renamed.split('\n').find((l) => l.includes('Waiting for the'))!;
    // The name gives way: cut with an ellipsis right before the count.
    expect(header).toMatch(/^ Waiting for the[^(]*… \(11\) /);
    // More cards than a page: the count says there are more.
    ui.sql(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
       INSERT INTO cards (board_id, column_id, title, thread_owner_email, position, created_at)
       SELECT ?, ?, 'Bulk ' || i, ?, 1000 + i, '2024-01-01T00:00:00.000Z' FROM n`,
      ui.boardId,
      first.id,
      DEFAULT_OWNER_EMAIL,
    );
    await ui.store.getState().refresh();
    const paged = await ui.waitFor('(50+)');
    expect(paged.split('\n').find((l) => l.includes('Waiting for the'))).toMatch(/^ Waiting for the[^(]*… \(50\+\) /);
  });
});
