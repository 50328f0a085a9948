import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { CardTable } from '../../src/store/card-table.js';
import type { Card } from '../../src/store/card.js';

const card = (id: CardId, title = `card ${id}`): Card => ({
  id,
  title,
  displayTitle: title,
  columnLabel: 'c',
  boardId: 1,
  unread: false,
  assignees: null,
  tagIds: [],
  owner: 'o@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  dueDate: null,
  pending: false,
});

describe('CardTable', () => {
  it('behaves as a Map of id → card under any edits, and never changes a table already made', () => {
    // Ids are opaque text: mostly digits (so edits hit the same id often), some any text.
    const id = fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: -200, max: 5000 }).map(String) },
      { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
    );
    const op = fc.tuple(fc.constantFrom('set', 'delete'), id, fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(fc.array(op, { maxLength: 30 }), { maxLength: 8 }), (batches) => {
        let table = CardTable.EMPTY;
        const model = new Map<CardId, Card>();
        const made: [CardTable, Map<CardId, Card>][] = [];
        for (const batch of batches) {
          const e = table.edit();
          for (const [kind, id, title] of batch) {
            if (kind === 'set') {
              const c = card(id, title);
              e.set(c);
              model.set(id, c);
            } else {
              e.delete(id);
              model.delete(id);
            }
            expect(e.get(id)).toBe(model.get(id));
          }
          const next = e.result();
          if (batch.length === 0) expect(next).toBe(table);
          table = next;
          made.push([table, new Map(model)]);
        }
        for (const [t, m] of made) {
          expect(t.size).toBe(m.size);
          expect(new Map([...t.values()].map((c) => [c.id, c]))).toEqual(m);
          for (const [id, c] of m) expect(t.get(id)).toBe(c);
        }
      }),
    );
  });

  it('shares what an edit did not touch', () => {
    const before = CardTable.of(Array.from({ length: 1000 }, (_, i) => card(String(i))));
    const e = before.edit();
    e.set(card('5', 'changed'));
    const after = e.result();
    expect(after.get('5')?.title).toBe('changed');
    expect(before.get('5')?.title).toBe('card 5');
    expect(after.get('999')).toBe(before.get('999'));
    // An edit after result() starts from it and leaves it as it was.
    e.delete('999');
    expect(after.get('999')).toBeDefined();
    expect(e.result().get('999')).toBeUndefined();
  });
});
