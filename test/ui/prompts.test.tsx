/** The one text prompt, confirm and picker, each behind the key router. */
import { useInput } from 'ink';
import { render } from 'ink-testing-library';
import type { ReactElement, ReactNode } from 'react';
import { useLayoutEffect, useMemo } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { KeyRouter, KeyRouterContext } from '../../src/ui/hooks/use-key-router.js';
import { Confirm } from '../../src/ui/prompts/Confirm.js';
import { Picker } from '../../src/ui/prompts/Picker.js';
import { TextPrompt } from '../../src/ui/prompts/TextPrompt.js';
import { cleanInput, textInputReducer } from '../../src/ui/prompts/use-text-input-state.js';
import { KEYS, tick } from './helpers.js';

/** What App does: one useInput, every key through the router. */
function Routed({ children, fallback }: { children: ReactNode; fallback?: (input: string) => void }) {
  const router = useMemo(() => new KeyRouter(), []);
  useLayoutEffect(() => router.setScreen((input) => fallback?.(input)), [router, fallback]);
  useInput((input, key) => router.feed(input, key));
  return <KeyRouterContext.Provider value={router}>{children}</KeyRouterContext.Provider>;
}

async function typeInto(node: ReactElement, ...keys: string[]) {
  const app = render(node);
  await tick(10);
  for (const k of keys) {
    app.stdin.write(KEYS[k] ?? k);
    await tick(k === 'esc' ? 30 : 5);
  }
  return app;
}

describe('text input state', () => {
  const at = (value: string, cursor = value.length) => ({ value, cursor });
  it('deletes and steps over whole graphemes', () => {
    expect(textInputReducer(at('ab👩‍💻'), { type: 'deleteBack' })).toEqual(at('ab'));
    expect(textInputReducer(at('a🇩🇪b', 1), { type: 'right' })).toEqual(at('a🇩🇪b', 5));
    expect(textInputReducer(at('abc', 0), { type: 'deleteBack' })).toEqual(at('abc', 0));
  });
  it('Home and End go to the ends of the current line', () => {
    expect(textInputReducer(at('one\ntwo', 6), { type: 'home' })).toEqual(at('one\ntwo', 4));
    expect(textInputReducer(at('one\ntwo', 1), { type: 'end' })).toEqual(at('one\ntwo', 3));
  });
  it('Ctrl+W deletes the word before the cursor, Ctrl+U and Ctrl+K to the ends of the current line', () => {
    expect(textInputReducer(at('Refund the order  '), { type: 'deleteWordBack' })).toEqual(at('Refund the '));
    expect(textInputReducer(at('Refund 👩‍💻', 7), { type: 'deleteWordBack' })).toEqual(at('👩‍💻', 0));
    expect(textInputReducer(at('one\ntwo three'), { type: 'deleteWordBack' })).toEqual(at('one\ntwo '));
    expect(textInputReducer(at('one\ntwo', 4), { type: 'deleteWordBack' })).toEqual(at('two', 0));
    expect(textInputReducer(at('one\ntwo three', 8), { type: 'deleteToLineStart' })).toEqual(at('one\nthree', 4));
    expect(textInputReducer(at('one\ntwo three', 1), { type: 'deleteToLineEnd' })).toEqual(at('o\ntwo three', 1));
    expect(textInputReducer(at('abc', 0), { type: 'deleteToLineStart' })).toEqual(at('abc', 0));
  });
  it('pasted line breaks are kept where multi-line, a space otherwise; controls are dropped', () => {
    expect(cleanInput('one\r\ntwo\rthree', true)).toBe('one\ntwo\nthree');
    expect(cleanInput('one\r\n\r\ntwo', false)).toBe('one two');
    expect(cleanInput('a\x07b\tc', false)).toBe('ab c');
  });
});

describe('TextPrompt', () => {
  it('edits with arrows, Home/End, Ctrl+A/E and Backspace (0x7f, Ink 6.8 key.delete), Enter submits', async () => {
    const onSubmit = vi.fn();
    await typeInto(
      <Routed>
        <TextPrompt title="Title" width={40} onSubmit={onSubmit} onCancel={() => undefined} />
      </Routed>,
      'abd',
      'left',
      'c',
      'end',
      'backspace',
      'C-a',
      '>',
      'C-e',
      '!',
      'home',
      'right',
      'backspace',
      'enter',
    );
    expect(onSubmit).toHaveBeenCalledWith('abc!');
  });

  it('a paste keeps its line breaks in a multi-line field, Ctrl+J adds one; a title gets spaces', async () => {
    const note = vi.fn();
    await typeInto(
      <Routed>
        <TextPrompt title="Note" multiline width={40} onSubmit={note} onCancel={() => undefined} />
      </Routed>,
      'first\r\nsecond',
      'C-j',
      'third',
      'enter',
    );
    expect(note).toHaveBeenCalledWith('first\nsecond\nthird');
    const title = vi.fn();
    await typeInto(
      <Routed>
        <TextPrompt title="Title" width={40} onSubmit={title} onCancel={() => undefined} />
      </Routed>,
      'first\rsecond',
      'enter',
    );
    expect(title).toHaveBeenCalledWith('first second');
  });

  it('Esc cancels; while open, keys never reach the screen behind it', async () => {
    const cancel = vi.fn();
    const behind = vi.fn();
    await typeInto(
      <Routed fallback={behind}>
        <TextPrompt title="Title" width={40} onSubmit={() => undefined} onCancel={cancel} />
      </Routed>,
      'jkq?',
      'esc',
    );
    expect(cancel).toHaveBeenCalledOnce();
    expect(behind).not.toHaveBeenCalled();
  });

  it('shows the error and the text it was given, and holds input while busy', async () => {
    const onSubmit = vi.fn();
    const app = await typeInto(
      <Routed>
        <TextPrompt
          title="Title"
          initial="kept text"
          error="CardTitle: must be at most 500 characters"
          busy
          width={60}
          onSubmit={onSubmit}
          onCancel={() => undefined}
        />
      </Routed>,
      'x',
      'enter',
    );
    expect(app.lastFrame()).toContain('kept text');
    expect(app.lastFrame()).toContain('✗ CardTitle: must be at most 500 characters');
    expect(app.lastFrame()).toContain('saving…');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('scrolls a long line by cells so the cursor stays visible', async () => {
    const app = await typeInto(
      <Routed>
        <TextPrompt title="T" width={20} onSubmit={() => undefined} onCancel={() => undefined} />
      </Routed>,
      '請求書の宛名変更のお願いです',
    );
    const line = app.lastFrame()!.split('\n')[2]!;
    expect(line).toContain('…');
    expect(line).toContain('です');
  });
});

describe('Confirm and Picker', () => {
  it('y confirms, n and Esc decline, other keys are ignored', async () => {
    const yes = vi.fn();
    const no = vi.fn();
    await typeInto(
      <Routed>
        <Confirm question="Archive?" width={40} onYes={yes} onNo={no} />
      </Routed>,
      'x',
      'n',
      'esc',
      'y',
    );
    expect(yes).toHaveBeenCalledOnce();
    expect(no).toHaveBeenCalledTimes(2);
  });

  it('picks with j and Enter, names colours in words beside the swatch, Esc cancels', async () => {
    const pick = vi.fn();
    const cancel = vi.fn();
    const app = await typeInto(
      <Routed>
        <Picker
          title="Tags"
          items={[
            { value: '1', label: 'Bug (red)', swatch: '#e5484d' },
            { value: '2', label: 'Billing (yellow)', swatch: '#ffc53d' },
          ]}
          width={40}
          height={8}
          onPick={pick}
          onCancel={cancel}
        />
      </Routed>,
      'j',
      'enter',
      'esc',
    );
    expect(app.lastFrame()).toContain('■ Billing (yellow)');
    expect(pick).toHaveBeenCalledWith('2');
    expect(cancel).toHaveBeenCalledOnce();
  });
});

describe('keys read together', () => {
  it('Ctrl+A, Ctrl+E and Backspace read with text are keys, applied in order with it', async () => {
    const onSubmit = vi.fn();
    await typeInto(
      <Routed>
        <TextPrompt
          title="Edit title"
          initial="Printer on fire 🔥"
          width={60}
          onSubmit={onSubmit}
          onCancel={() => undefined}
        />
      </Routed>,
      '\x01URGENT ',
      '\x05!!\x7f',
      '\r',
    );
    expect(onSubmit).toHaveBeenCalledWith('URGENT Printer on fire 🔥!');
  });

  it('Ctrl+W, Ctrl+U and Ctrl+K work typed alone and read with text', async () => {
    const prompt = (onSubmit: (v: string) => void, initial = '') => (
      <Routed>
        <TextPrompt title="Comment" initial={initial} width={60} onSubmit={onSubmit} onCancel={() => undefined} />
      </Routed>
    );
    const word = vi.fn();
    await typeInto(prompt(word), 'refund asap', 'C-w', 'today', 'enter');
    expect(word).toHaveBeenCalledWith('refund today');
    const alone = vi.fn();
    await typeInto(
      prompt(alone, 'Printer on fire'),
      'left',
      'left',
      'left',
      'left',
      'C-u',
      'Paper ',
      'C-k',
      'jam',
      'enter',
    );
    expect(alone).toHaveBeenCalledWith('Paper jam');
    const together = vi.fn();
    await typeInto(prompt(together, 'Printer on fire'), 'left', 'left', 'left', 'left', '\x15Paper \x0bjam', '\r');
    expect(together).toHaveBeenCalledWith('Paper jam');
  });

  it('an editing key and Enter read together are both keys: Ctrl+U then Enter submits the emptied field', async () => {
    const emptied = vi.fn();
    await typeInto(
      <Routed>
        <TextPrompt
          title="Due date"
          initial="2030-12-01 17:00"
          width={60}
          onSubmit={emptied}
          onCancel={() => undefined}
        />
      </Routed>,
      '\x15\r',
    );
    expect(emptied).toHaveBeenCalledWith('');
    const edited = vi.fn();
    await typeInto(
      <Routed>
        <TextPrompt title="Comment" initial="refund asap" width={60} onSubmit={edited} onCancel={() => undefined} />
      </Routed>,
      '\x17today\x01\r',
    );
    expect(edited).toHaveBeenCalledWith('refund today');
  });

  it('a chunk ending in Enter types the text and submits it', async () => {
    const onSubmit = vi.fn();
    await typeInto(
      <Routed>
        <TextPrompt title="Comment" multiline width={40} onSubmit={onSubmit} onCancel={() => undefined} />
      </Routed>,
      'Looking into it\r',
    );
    expect(onSubmit).toHaveBeenCalledWith('Looking into it');
  });

  it('a pasted paragraph ending in a line break is kept as text, not submitted', async () => {
    const onSubmit = vi.fn();
    const r = await typeInto(
      <Routed>
        <TextPrompt title="Note" multiline width={40} onSubmit={onSubmit} onCancel={() => undefined} />
      </Routed>,
      'Called the customer\rwill follow up Monday\r',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    expect(r.lastFrame()).toContain('will follow up Monday');
  });

  it('typed Ctrl+J then Enter read together still submit (LF is typed, CR inside is pasted)', async () => {
    const onSubmit = vi.fn();
    await typeInto(
      <Routed>
        <TextPrompt title="Comment" multiline width={40} onSubmit={onSubmit} onCancel={() => undefined} />
      </Routed>,
      'Looking into it\nETA tomorrow\r',
    );
    expect(onSubmit).toHaveBeenCalledWith('Looking into it\nETA tomorrow');
  });

  it('Enter right after a paste, before any render, submits the pasted text', async () => {
    const onSubmit = vi.fn();
    const app = render(
      <Routed>
        <TextPrompt title="Column" width={40} onSubmit={onSubmit} onCancel={() => undefined} />
      </Routed>,
    );
    await tick(10);
    // Two reads in one tick: React has not rendered the paste when Enter lands.
    app.stdin.write('Escalations');
    app.stdin.write('\r');
    await tick(10);
    expect(onSubmit).toHaveBeenCalledWith('Escalations');
  });

  it('a loading picker keeps the keys typed meanwhile and applies them, in order, once its options come', async () => {
    const pick = vi.fn();
    const items = [
      { value: 'a', label: 'Alpha' },
      { value: 'b', label: 'Beta' },
      { value: 'c', label: 'Gamma' },
    ];
    const picker = (loading: boolean) => (
      <Routed>
        <Picker
          title="Tags"
          items={loading ? [] : items}
          loading={loading}
          width={30}
          height={8}
          onPick={pick}
          onCancel={() => undefined}
        />
      </Routed>
    );
    const app = await typeInto(picker(true), 'j', 'j', 'enter');
    expect(app.lastFrame()).toContain('loading…');
    expect(pick).not.toHaveBeenCalled();
    app.rerender(picker(false));
    await tick(10);
    expect(pick).toHaveBeenCalledExactlyOnceWith('c');
  });

  it('Esc closes a loading picker at once', async () => {
    const pick = vi.fn();
    const cancel = vi.fn();
    await typeInto(
      <Routed>
        <Picker title="Tags" items={[]} loading width={30} height={8} onPick={pick} onCancel={cancel} />
      </Routed>,
      'j',
      'enter',
      'esc',
    );
    expect(cancel).toHaveBeenCalledOnce();
    expect(pick).not.toHaveBeenCalled();
  });

  it('a picker gets a chunk as separate keys', async () => {
    const pick = vi.fn();
    await typeInto(
      <Routed>
        <Picker
          title="Where"
          items={[
            { value: 'top', label: 'Top' },
            { value: 'bottom', label: 'Bottom' },
          ]}
          width={30}
          height={6}
          onPick={pick}
          onCancel={() => undefined}
        />
      </Routed>,
      'j\r',
    );
    expect(pick).toHaveBeenCalledWith('bottom');
  });
});
