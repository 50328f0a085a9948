/** The colours in force: a theme's roles, the config's colours over them, NO_COLOR over everything. */
import { afterEach, describe, expect, it } from 'vitest';
import { checkConfigText } from '../../src/config/check.js';
import { applyTheme, color, tagColor, themeName } from '../../src/ui/theme.js';

afterEach(() => applyTheme({}, {}));

const yellowTag = { name: 'yellow', hex: '#ffc53d' };

describe('themes', () => {
  it('dark is the default: the terminal’s named colours and the server’s tag colours', () => {
    applyTheme({}, {});
    expect(themeName()).toBe('dark');
    expect([color('error'), color('warning'), color('accent')]).toEqual(['red', 'yellow', 'cyan']);
    expect(tagColor(yellowTag)).toBe('#ffc53d');
  });

  it('light uses darker tones a white background keeps readable, tags included', () => {
    applyTheme({ theme: 'light' }, {});
    expect(color('warning')).toBe('#875f00');
    expect(color('accent')).not.toBe('cyan');
    expect(tagColor(yellowTag)).toBe('#8a6400');
  });

  it('"colors" overrides roles and tag colours over the theme', () => {
    applyTheme({ theme: 'light', colors: { accent: 'magenta', tags: { yellow: '#000000' } } }, {});
    expect(color('accent')).toBe('magenta');
    expect(color('error')).toBe('#af0000');
    expect(tagColor(yellowTag)).toBe('#000000');
  });

  it('mono, and NO_COLOR (any non-empty value) over any theme and colours, draw no colour', () => {
    applyTheme({ theme: 'mono' }, {});
    expect(color('error')).toBeUndefined();
    applyTheme({ theme: 'light', colors: { accent: 'magenta' } }, { NO_COLOR: '1' });
    expect(themeName()).toBe('mono');
    expect(color('accent')).toBeUndefined();
    expect(tagColor(yellowTag)).toBeUndefined();
    applyTheme({ theme: 'light' }, { NO_COLOR: '' });
    expect(themeName()).toBe('light');
  });

  it('a misspelt theme or colour is refused naming the setting and what it takes', () => {
    const r = checkConfigText('{\n  "theme": "lite",\n  "colors": {"accent": "bleu", "focus": "red"}\n}');
    expect(r.ok ? [] : r.problems).toEqual([
      'line 2, column 3: "theme": a theme is dark, light, mono (dark (the default), light (for a white terminal) or mono; NO_COLOR wins over it)',
      expect.stringMatching(/^line 3, column 14: "colors"."accent": a colour is "#rrggbb" or one of black, red/),
      'line 3, column 32: "colors" has a setting inboard doesn’t know: "focus"',
    ]);
  });
});
