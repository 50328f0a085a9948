/**
 * The colours in force: a palette of named roles (accent, muted, error,
 * warning, ok, people, waiting, late…) chosen by the config's `"theme"` (dark, the
 * default; light, readable on a white terminal; mono, no colour) with
 * `"colors"` over it, set once at start before anything is drawn
 * (`applyTheme` in run.tsx). `NO_COLOR` (any non-empty value) wins over all of
 * it: mono, and chalk told to write no colour (cli.ts sets FORCE_COLOR=0).
 * Components ask for a role, never a colour name.
 */

import type { ColorRole as Role, ThemeName } from '../config/file-schema.js';

export type { ColorRole as Role, ThemeName } from '../config/file-schema.js';

type Palette = Record<Role, string | undefined>;

const PALETTES: Record<ThemeName, Palette> = {
  dark: {
    accent: 'cyan',
    muted: 'gray',
    error: 'red',
    warning: 'yellow',
    ok: 'green',
    people: 'cyan',
    waiting: 'blueBright',
    late: 'redBright',
  },
  // Darker tones: yellow, cyan and light green vanish on a white background.
  light: {
    accent: '#005f87',
    muted: '#5f5f5f',
    error: '#af0000',
    warning: '#875f00',
    ok: '#005f00',
    people: '#5f0087',
    waiting: '#005faf',
    late: '#d70000',
  },
  mono: {
    accent: undefined,
    muted: undefined,
    error: undefined,
    warning: undefined,
    ok: undefined,
    people: undefined,
    waiting: undefined,
    late: undefined,
  },
};

/** Tag colours too light for a white background, darkened there (the server's names, normalise.ts). */
const LIGHT_TAGS: Record<string, string> = { yellow: '#8a6400', orange: '#b04a00', teal: '#006b60', gray: '#5f6068' };

export interface ThemeSettings {
  theme?: ThemeName | undefined;
  /** Role → colour ("#rrggbb" or a terminal colour name); `tags` maps a tag colour name to another. */
  colors?: { [role: string]: string | undefined | Record<string, string>; tags?: Record<string, string> } | undefined;
}

let palette: Palette = PALETTES.dark;
let tags: Record<string, string> = {};
let mono = false;
let name: ThemeName = 'dark';

/** Puts a theme in force; NO_COLOR in `env` makes it mono whatever the config says. */
export function applyTheme(s: ThemeSettings, env: Record<string, string | undefined> = process.env): void {
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  name = noColor ? 'mono' : (s.theme ?? 'dark');
  mono = name === 'mono';
  const { tags: tagColors, ...given } = s.colors ?? {};
  const roles = Object.fromEntries(
    Object.entries(given).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  palette = mono ? PALETTES.mono : { ...PALETTES[name], ...roles };
  tags = mono ? {} : { ...(name === 'light' ? LIGHT_TAGS : {}), ...(tagColors ?? {}) };
}

/** The colour of a role in force (undefined: the terminal's own). */
export const color = (role: Role): string | undefined => palette[role];

/** A tag's colour as drawn: the theme's for its name, else the server's; none in mono. */
export const tagColor = (c: { name: string; hex: string | null }): string | undefined =>
  mono ? undefined : (tags[c.name] ?? c.hex ?? undefined);

/** The theme in force, for the status line and tests. */
export const themeName = (): ThemeName => name;
