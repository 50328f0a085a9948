/**
 * The preview pane (`p`): the focused card's detail beside the board, by
 * itself where the board beside it stays readable (every column shown keeps
 * 20 title cells: the demo's four columns at 250 terminal columns, not at
 * 200), toggled with p at any width,
 * following the cursor from what is read ahead (no request per key press
 * for a card already read; "loading…" for one not read yet).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { previewWidth } from '../../src/ui/hooks/use-preview.js';
import { cellWidth } from '../../src/text/width.js';
import { focus, startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

/**
 * The pane's part of each line of the frame: what is right of its border,
 * the last │ at the board's width (the board's rows hold wide characters,
 * so not a fixed offset in code units).
 */
const pane = (frame: string, width: number): string =>
  frame
    .split('\n')
    .map((l) => {
      const at = l.lastIndexOf('│');
      return at >= 0 && cellWidth(l.slice(0, at)) === width - previewWidth(width) ? l.slice(at + 1) : '';
    })
    .join('\n');

const inProgress = (u: Ui) => {
  const s = u.store.getState();
  const col = s.columns.find((c) => c.displayName === 'In progress')!;
  return s.view.columns[col.label]!;
};

describe('the preview pane', () => {
  it('shows beside the board at 250 columns, the board in the rest; p hides it and shows it again', async () => {
    ui = await startUi({ columns: 250 });
    const cards = inProgress(ui);
    focus(ui, cards[0]!.title);
    let frame = await ui.waitFor((f) => pane(f, 250).includes('Thread owner'));
    expect(pane(frame, 250)).toContain(cards[0]!.title);
    await ui.press('p');
    frame = await ui.waitFor((f) => !f.includes('Thread owner'));
    await ui.press('p');
    await ui.waitFor('Thread owner');
  });

  it('does not open by itself at 200 columns, where the board beside it would cut titles to ~17 cells', async () => {
    ui = await startUi({ columns: 200 });
    focus(ui, inProgress(ui)[0]!.title);
    await new Promise((r) => setTimeout(r, 50));
    expect(ui.frame()).not.toContain('Thread owner');
    // Every title keeps more than the readable width meanwhile.
    const row = ui
      .frame()
      .split('\n')
      .find((l) => l.includes('Re: Invoice #10482'))!;
    expect(row).toContain('Re: Invoice #10482 charged');
    await ui.press('p');
    await ui.waitFor((f) => pane(f, 200).includes('Thread owner'));
  });

  it('is hidden at 120 columns until p shows it', async () => {
    ui = await startUi({ columns: 120 });
    focus(ui, inProgress(ui)[0]!.title);
    await new Promise((r) => setTimeout(r, 50));
    expect(ui.frame()).not.toContain('Thread owner');
    await ui.press('p');
    const frame = await ui.waitFor('Thread owner');
    expect(pane(frame, 120)).toContain('Thread owner');
    await ui.press('p');
    await ui.waitFor((f) => !f.includes('Thread owner'));
  });

  it('follows j and k at once, drawing a card already read without asking again', async () => {
    ui = await startUi({ columns: 250 });
    const cards = inProgress(ui);
    focus(ui, cards[0]!.title);
    // The read ahead takes the focused card, then the one below.
    await ui.until(() => ui.store.getState().peekDetail(cards[1]!.id).cached, 'the card below read ahead');
    const reads = ui.hold(/^GET \/v2\/card\//);
    await ui.press('j');
    // Its comment comes from what was read: no request for it.
    let frame = await ui.waitFor((f) => pane(f, 250).includes('Prorate from the 14th'));
    expect(pane(frame, 250)).toContain(cards[1]!.title);
    expect(pane(frame, 250)).not.toContain('loading…');
    expect(reads.waiting).toBe(0);
    await ui.press('k');
    frame = await ui.waitFor((f) => pane(f, 250).includes('Clock skew on their IdP'));
    expect(pane(frame, 250)).toContain(cards[0]!.title);
    reads.release();
  });

  it('says "loading…" for what is not read yet, then draws it', async () => {
    ui = await startUi({ columns: 250, holdFromStart: /^GET \/v2\/card\// });
    const cards = inProgress(ui);
    focus(ui, cards[0]!.title);
    let frame = await ui.waitFor((f) => pane(f, 250).includes(cards[0]!.title));
    expect(pane(frame, 250)).toContain('loading…');
    await ui.until(() => ui.held.waiting >= 1, 'the card read ahead');
    ui.held.release();
    frame = await ui.waitFor((f) => pane(f, 250).includes('Clock skew on their IdP'));
    expect(pane(frame, 250)).not.toContain('loading…');
  });
});
