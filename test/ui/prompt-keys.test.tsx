/** A text prompt's keys as readline has them: each edits, submits, cancels, or says it does nothing. */
import { useInput } from 'ink';
import { render } from 'ink-testing-library';
import type { ReactElement, ReactNode } from 'react';
import { useLayoutEffect, useMemo } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { KeyRouter, KeyRouterContext } from '../../src/ui/hooks/use-key-router.js';
import { Confirm } from '../../src/ui/prompts/Confirm.js';
import { TextPrompt } from '../../src/ui/prompts/TextPrompt.js';
import { textInputReducer } from '../../src/ui/prompts/use-text-input-state.js';
import { KEYS, tick } from './helpers.js';

function Routed({ children }: { children: ReactNode }) {
  const router = useMemo(() => new KeyRouter(), []);
  useLayoutEffect(() => router.setScreen(() => undefined), [router]);
  useInput((input, key) => router.feed(input, key));
  return <KeyRouterContext.Provider value={router}>{children}</KeyRouterContext.Provider>;
}

/** What terminals send for the keys these tests press beyond the shared ones. */
const MORE: Record<string, string> = {
  delete: '\x1b[3~',
  'C-delete': '\x1b[3;5~',
  'C-d': '\x04',
  'C-b': '\x02',
  'C-f': '\x06',
  'M-b': '\x1bb',
  'M-f': '\x1bf',
  'M-d': '\x1bd',
  'M-backspace': '\x1b\x7f',
  'C-left': '\x1b[1;5D',
  'C-right': '\x1b[1;5C',
  f5: '\x1b[15~',
  'C-t': '\x14',
  pageup: '\x1b[5~',
};

async function typeInto(node: ReactElement, ...keys: string[]) {
  const app = render(node);
  await tick(10);
  for (const k of keys) {
    app.stdin.write(MORE[k] ?? KEYS[k] ?? k);
    await tick(k === 'esc' ? 30 : 5);
  }
  return app;
}

const prompt = (
  onSubmit: (v: string) => void,
  o: { initial?: string; multiline?: boolean; selected?: boolean } = {},
) => (
  <Routed>
    <TextPrompt title="Field" width={60} onSubmit={onSubmit} onCancel={() => undefined} {...o} />
  </Routed>
);

describe('readline keys in a prompt', () => {
  it('Delete deletes forward and Backspace backward (Ink reports both as key.delete)', async () => {
    const forward = vi.fn();
    await typeInto(prompt(forward), 'abcd', 'left', 'left', 'delete', 'enter');
    expect(forward).toHaveBeenCalledWith('abd');
    const back = vi.fn();
    await typeInto(prompt(back), 'abcd', 'left', 'left', 'backspace', 'enter');
    expect(back).toHaveBeenCalledWith('acd');
    const both = vi.fn();
    await typeInto(prompt(both), 'abcdef', 'left', 'left', 'delete', 'backspace', 'C-delete', 'C-d', 'enter');
    expect(both).toHaveBeenCalledWith('abc');
  });

  it('Ctrl+B/F and Alt+B/F (and Ctrl+arrows) move by character and word; Alt+D and Alt+Backspace delete words', async () => {
    const moved = vi.fn();
    await typeInto(prompt(moved), 'refund the order', 'M-b', 'M-b', 'C-b', '!', 'M-f', 'C-f', '?', 'enter');
    expect(moved).toHaveBeenCalledWith('refund! the ?order');
    const arrows = vi.fn();
    await typeInto(prompt(arrows), 'one two three', 'C-left', 'C-left', 'C-right', '+', 'enter');
    expect(arrows).toHaveBeenCalledWith('one two+ three');
    const words = vi.fn();
    await typeInto(prompt(words), 'one two three', 'home', 'M-d', 'end', 'M-backspace', 'enter');
    expect(words).toHaveBeenCalledWith(' two ');
  });

  it('Up and Down move between the lines of a note, at the same place in the line', async () => {
    const note = vi.fn();
    await typeInto(prompt(note, { multiline: true }), 'abcdef', 'C-j', 'xy', 'up', '1', 'down', 'down', '2', 'enter');
    expect(note).toHaveBeenCalledWith('ab1cdef\nxy2');
  });

  it('a key that does nothing in the prompt says so, and the text is as it was', async () => {
    const onSubmit = vi.fn();
    const app = await typeInto(prompt(onSubmit), 'abc', 'C-t');
    expect(app.lastFrame()).toContain('Ctrl+T does nothing here');
    await typeInto(prompt(vi.fn()), 'x');
    for (const [key, said] of [
      ['up', '↑ does nothing here'],
      ['pageup', 'PgUp does nothing here'],
      ['f5', 'That key does nothing here'],
      ['C-j', 'Ctrl+J does nothing here'],
    ] as const) {
      const one = await typeInto(prompt(vi.fn()), 'x', key);
      expect(one.lastFrame()).toContain(said);
      one.unmount();
    }
    // The word goes with the next change.
    app.stdin.write('d');
    await tick(10);
    expect(app.lastFrame()).not.toContain('does nothing here');
    app.stdin.write('\r');
    await tick(10);
    expect(onSubmit).toHaveBeenCalledWith('abcd');
  });
});

describe('a prefilled value shown selected', () => {
  it('the first character typed replaces it', async () => {
    const onSubmit = vi.fn();
    const app = await typeInto(prompt(onSubmit, { initial: '2026-11-25 17:00', selected: true }));
    expect(app.lastFrame()).toContain('2026-11-25 17:00');
    app.stdin.write('tomorrow 10');
    await tick(10);
    app.stdin.write('\r');
    await tick(10);
    expect(onSubmit).toHaveBeenCalledWith('tomorrow 10');
  });

  it('arrows, Home and End edit it instead; Backspace empties it', async () => {
    const arrow = vi.fn();
    await typeInto(prompt(arrow, { initial: '2026-11-25 17:00', selected: true }), 'left', 'delete', '5', 'enter');
    expect(arrow).toHaveBeenCalledWith('2026-11-25 17:05');
    const home = vi.fn();
    await typeInto(prompt(home, { initial: '17:00', selected: true }), 'home', 'fri ', 'enter');
    expect(home).toHaveBeenCalledWith('fri 17:00');
    const erased = vi.fn();
    await typeInto(prompt(erased, { initial: '17:00', selected: true }), 'backspace', 'enter');
    expect(erased).toHaveBeenCalledWith('');
  });

  it('a title not shown selected goes on at its end', async () => {
    const onSubmit = vi.fn();
    await typeInto(prompt(onSubmit, { initial: 'Printer' }), ' on fire', 'enter');
    expect(onSubmit).toHaveBeenCalledWith('Printer on fire');
  });

  it('the reducer: typing replaces, deleting empties, anything else drops the selection', () => {
    const sel = { value: 'abc', cursor: 3, selected: true } as const;
    expect(textInputReducer(sel, { type: 'insert', text: 'x', multiline: false })).toEqual({ value: 'x', cursor: 1 });
    expect(textInputReducer(sel, { type: 'deleteForward' })).toEqual({ value: '', cursor: 0 });
    expect(textInputReducer(sel, { type: 'end' })).toEqual({ value: 'abc', cursor: 3 });
  });
});

describe('a y/n', () => {
  it('a key other than y, n or Esc says it does nothing, and answers nothing', async () => {
    const yes = vi.fn();
    const no = vi.fn();
    const app = await typeInto(
      <Routed>
        <Confirm question="Archive “Refund”?" width={70} onYes={yes} onNo={no} />
      </Routed>,
      'x',
    );
    expect(app.lastFrame()).toContain('Archive “Refund”? [y/n] x does nothing here');
    app.stdin.write(MORE['C-t']!);
    await tick(10);
    expect(app.lastFrame()).toContain('Ctrl+T does nothing here');
    expect(yes).not.toHaveBeenCalled();
    expect(no).not.toHaveBeenCalled();
  });
});
