/**
 * What a y/n touches, said before the answer: a bulk archive names its
 * cards (three, then "and N more"), a tag's deletion how many cards carry it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { DEFAULT_OWNER_EMAIL } from '../../src/server/index.js';
import { focus, startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

/** The cards selected, in board order (column by column), as `a` takes them. */
function selectedInOrder(u: Ui): CardId[] {
  const s = u.store.getState();
  return s.columns.flatMap((c) =>
    (s.view.columns[c.label] ?? []).filter((card) => s.selected.has(card.id)).map((card) => card.id),
  );
}

/** The confirm's box, between its borders. */
const box = (frame: string): string[] => {
  const lines = frame.split('\n');
  const top = lines.findIndex((l) => l.startsWith('╭'));
  const bottom = lines.findIndex((l, i) => i > top && l.startsWith('╰'));
  return lines.slice(top + 1, bottom).map((l) => l.replace(/^│ ?| ?│$/g, '').trimEnd());
};

describe('a on selected cards', () => {
  it('names three of them, sanitised and cut, then how many more', async () => {
    ui = await startUi();
    const evil = `Evil \x1b]0;pwned\x07 ${'long '.repeat(30)}`;
    const col = ui.store.getState().columns[0]!;
    await ui.other.createCard({ BoardId: ui.boardId, ColumnId: col.id, CardTitle: evil });
    await ui.store.getState().refresh();
    const starts = [
      'Evil ',
      'Where do I change my billing address?',
      'Which plan includes audit logs?',
      'Invoice in EUR instead of USD',
      'Bulk archive',
    ];
    for (const t of starts) {
      const match = [...ui.store.getState().view.cards.values()].find((c) => c.title.startsWith(t));
      if (match === undefined) throw new Error(`no card ${t}`);
      focus(ui, match.title);
      await ui.press('v');
    }
    await ui.waitFor('✓ 5 selected');
    await ui.press('a');
    const asked = await ui.waitFor('Archive the 5 selected cards? [y/n]');
    expect(asked).not.toContain('\x1b]0;');
    const lines = box(asked);
    expect(lines[0]).toBe('Archive the 5 selected cards? [y/n]');
    const order = selectedInOrder(ui).map((id) => ui.store.getState().view.cards.get(id)!.title);
    const named = lines.slice(1, 4);
    expect(named).toHaveLength(3);
    order.slice(0, 3).forEach((title, i) => {
      const line = named[i]!;
      expect(line.startsWith('  “')).toBe(true);
      expect(line.endsWith('”')).toBe(true);
      if (title.startsWith('Evil ')) {
        // Escapes shown, not sent; cut by cells with an ellipsis.
        expect(line).toContain('Evil ^[]0;pwned^G long');
        expect(line).toMatch(/…”$/);
      } else expect(line).toBe(`  “${title}”`);
    });
    expect(lines[4]).toBe('  and 2 more');
    await ui.press('n');
    await ui.waitFor((f) => !f.includes('[y/n]'));
  });

  it('two selected: both named, no “more”', async () => {
    ui = await startUi();
    for (const t of ['Where do I change my billing address?', 'Which plan includes audit logs?']) {
      focus(ui, t);
      await ui.press('v');
    }
    await ui.press('a');
    const lines = box(await ui.waitFor('Archive the 2 selected cards? [y/n]'));
    expect(lines.slice(1)).toEqual([
      '  “Where do I change my billing address?”',
      '  “Which plan includes audit logs?”',
    ]);
  });
});

describe('d in the tag manager', () => {
  it('says how many cards carry the tag; “of those loaded” while the board has more pages', async () => {
    ui = await startUi();
    const urgent = ui.store.getState().tags.find((t) => t.Name === 'Urgent')!;
    const carrying = () =>
      [...ui.store.getState().view.cards.values()].filter((c) => c.tagIds.includes(urgent.Id)).length;
    const n = carrying();
    expect(n).toBeGreaterThan(1);
    await ui.press('T');
    await ui.waitFor('Board tags');
    await ui.press('d');
    const asked = await ui.waitFor('Delete tag “Urgent” from the board and every card? u brings it back. [y/n]');
    expect(box(asked)[1]).toBe(`${n} cards carry it.`);
    await ui.press('n');
    await ui.waitFor('Board tags');
    await ui.press('esc');
    // A column with more than a page: the count is of the cards loaded.
    ui.sql(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
       INSERT INTO cards (board_id, column_id, title, thread_owner_email, position, created_at)
       SELECT ?, ?, 'Bulk ' || i, ?, 1000 + i, '2024-01-01T00:00:00.000Z' FROM n`,
      ui.boardId,
      ui.store.getState().columns[0]!.id,
      DEFAULT_OWNER_EMAIL,
    );
    await ui.store.getState().refresh();
    await ui.waitFor('(50+)');
    await ui.press('T');
    await ui.waitFor('Board tags');
    await ui.press('d');
    const partial = await ui.waitFor('Delete tag “Urgent”');
    expect(box(partial)[1]).toBe(`${carrying()} cards carry it (of those loaded; the board has more).`);
  });
});
