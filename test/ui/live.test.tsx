/** A teammate's change on the open board, drawn without `r`: live events (the service's `events` extension). */
import { afterEach, describe, expect, it } from 'vitest';
import { startUi, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

/** The x where a column's header starts, and where the next one does. */
function columnSpan(frame: string, header: string): [number, number] {
  const line = frame.split('\n').find((l) => l.includes(header)) ?? '';
  const from = line.indexOf(header);
  const next = line.slice(from + header.length).search(/\S+ \(\d+\)/);
  return [from, next === -1 ? line.length : from + header.length + next];
}

describe('live board', () => {
  it('a teammate’s move shows in the new column, marked *, with no key pressed', async () => {
    ui = await startUi({ live: true });
    const u = ui;
    await u.until(() => u.store.getState().live === 'live', 'the board is live');
    // The status bar says a teammate's change will show as it happens.
    await u.waitFor(/│ live/);
    const [first, second] = u.store.getState().columns;
    // Not the focused card: its row's lead is the cursor's.
    const card = u.store.getState().view.columns[first!.label]![1]!;
    const short = card.title.slice(0, 10);
    await (await u.teammate('bea@team.test')).moveCard({ Id: card.id, NewColumnId: second!.id, NewPosition: 0 });
    const frame = await u.waitFor((f) => f.includes(`*${short}`) || f.includes(`* ${short}`));
    const row = frame.split('\n').find((l) => l.includes(short)) ?? '';
    const [from, to] = columnSpan(frame, `${second!.name} (`);
    const at = row.indexOf(short);
    expect(at).toBeGreaterThanOrEqual(from);
    expect(at).toBeLessThan(to);
    expect(u.store.getState().markedChanged.has(card.id)).toBe(true);
  });
});
