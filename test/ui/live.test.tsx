/** A teammate's change on the open board, drawn without `r`: live events (the service's `events` extension). */
import { afterEach, describe, expect, it } from 'vitest';
import { freshnessText } from '../../src/ui/StatusBar.js';
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

describe('live board: who, and how fresh', () => {
  it('the detail of a teammate’s card says who changed it', async () => {
    ui = await startUi({ live: true });
    const u = ui;
    await u.until(() => u.store.getState().live === 'live', 'the board is live');
    const [first, second] = u.store.getState().columns;
    const card = u.store.getState().view.columns[first!.label]![1]!;
    await (await u.teammate('bea@team.test')).moveCard({ Id: card.id, NewColumnId: second!.id, NewPosition: 0 });
    await u.until(() => u.store.getState().markedChanged.has(card.id), 'the move marked as a teammate’s');
    expect(u.store.getState().changedBy.get(card.id)?.by).toBe('bea@team.test');
    u.store.getState().focusCardId(card.id);
    await u.press('enter');
    await u.waitFor(/\* changed by bea@team\.test at \d\d:\d\d/);
  });

  it('while live, the periodic refresh reads nothing; not live, it reads the board', async () => {
    ui = await startUi({ live: true, refreshSeconds: 1 });
    const u = ui;
    await u.until(() => u.store.getState().live === 'live', 'the board is live');
    await u.waitFor(/│ live/);
    const lists = u.hold(/GET \/v2\/board\/\d+\/column\/\d+\/cards/);
    await new Promise((r) => setTimeout(r, 2500));
    expect(lists.waiting).toBe(0);
    lists.release();
    await u.close();

    ui = await startUi({ live: false, refreshSeconds: 1 });
    const p = ui;
    const polled = p.hold(/GET \/v2\/board\/\d+\/column\/\d+\/cards/);
    await p.until(() => polled.waiting > 0, 'a periodic read of the board');
    polled.release();
  });
});

describe('freshnessText', () => {
  it('says live, or how often the board is read again, or nothing', () => {
    expect(freshnessText('live', 30)).toBe('live');
    expect(freshnessText('polling', 30)).toBe('polling every 30 s');
    expect(freshnessText('connecting', 30)).toBe('polling every 30 s');
    expect(freshnessText('polling', 0)).toBeNull();
    expect(freshnessText(null, 30)).toBeNull();
  });
});
