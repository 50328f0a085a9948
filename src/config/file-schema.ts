/**
 * The config file's shape, once: read with it at start (resolve.ts
 * readConfigFile), and the JSON Schema shipped beside the CLI
 * (`config.schema.json`, made from this by `npm run config:schema`;
 * test/config/file-schema.test.ts fails while it is stale) that a config
 * names in `"$schema"` for an editor's completion and checks.
 *
 * Strict objects: a misspelt setting ("apikey") is reported, not ignored.
 */
import { z } from 'zod';
import { MAIL_LIMITS } from '../api/schema-mail.js';
import { UserCommandsSchema } from './command-schema.js';

const Profile = z
  .strictObject({
    url: z.string().optional().describe('This server’s /v2 URL; none: the embedded service'),
    apiKey: z.string().optional().describe('Its API key'),
    apiKeyFile: z.string().optional().describe('A file holding its API key (relative to this file’s folder)'),
    insecure: z.boolean().optional().describe('Accept http:// for this url off loopback'),
    email: z.string().optional().describe('You on this server, for assignee:me'),
  })
  .refine((p) => p.apiKey === undefined || p.apiKeyFile === undefined, {
    message: 'give apiKey or apiKeyFile, not both',
  });

/** The roles a theme colours (src/ui/theme.ts); `"colors"` overrides them. */
export const COLOR_ROLES = ['accent', 'muted', 'error', 'warning', 'ok', 'people', 'waiting', 'late'] as const;
export type ColorRole = (typeof COLOR_ROLES)[number];
export const THEMES = ['dark', 'light', 'mono'] as const;
export type ThemeName = (typeof THEMES)[number];

/** Colour names chalk (and so Ink) draws. */
const COLOR_NAMES = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'gray',
  'grey',
  'blackBright',
  'redBright',
  'greenBright',
  'yellowBright',
  'blueBright',
  'magentaBright',
  'cyanBright',
  'whiteBright',
] as const;
const Colour = z.string().refine((v) => /^#[0-9a-fA-F]{6}$/.test(v) || (COLOR_NAMES as readonly string[]).includes(v), {
  message: `a colour is "#rrggbb" or one of ${COLOR_NAMES.join(', ')}`,
});

const KEY_LIST = z
  .array(z.string())
  .describe('Keys as written: "x", "X", "ctrl+x", "shift+left", "enter", "esc", "tab", "space"…; [] unbinds');

export const ConfigFileSchema = z
  .strictObject({
    $schema: z.string().optional().describe('The JSON Schema of this file, for editors (inboard config schema)'),
    url: z.string().optional().describe('A remote /v2 service, https:// (http:// only on loopback or with insecure)'),
    apiKey: z.string().optional().describe('The API key for url (keep the file mode 0600)'),
    insecure: z.boolean().optional().describe('Accept http:// for this file’s url off loopback'),
    email: z.string().optional().describe('You, for the filter’s assignee:me'),
    markReadOnOpen: z.boolean().optional().describe('Opening a card marks it read (default true)'),
    notify: z
      .strictObject({
        bell: z.boolean().optional().describe('Ring the terminal bell when a notification comes (default false)'),
        desktop: z
          .boolean()
          .optional()
          .describe('A desktop notification through the terminal, OSC 9 and OSC 777 (default false)'),
      })
      .optional()
      .describe(
        'Tell of a new notification while the board is open: never for the card you have open, at most one alert every 5 s',
      ),
    downloadDir: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Where the board saves an email’s attachments (S in a card); ~ is your home folder (default ~/Downloads)',
      ),
    signature: z
      .string()
      .max(MAIL_LIMITS.signature)
      .optional()
      .describe(
        'Your signature under the mail you send (the board and the command line), in place of the board’s; {{agent.name}}, {{agent.first_name}}, {{agent.email}}, {{board.name}} are filled in',
      ),
    profiles: z
      .record(z.string(), Profile)
      .optional()
      .describe(
        'Servers by name, each {url, apiKey | apiKeyFile, insecure, email}; chosen by --profile, INBOARD_PROFILE or defaultProfile',
      ),
    defaultProfile: z.string().optional().describe('The profile used when none is named'),
    theme: z
      .enum(THEMES, { error: `a theme is ${THEMES.join(', ')}` })
      .optional()
      .describe('dark (the default), light (for a white terminal) or mono; NO_COLOR wins over it'),
    colors: z
      .strictObject({
        ...Object.fromEntries(COLOR_ROLES.map((r) => [r, Colour.optional()])),
        tags: z.record(z.string(), Colour).optional().describe('A tag colour name (yellow, teal…) → the colour drawn'),
      })
      .optional()
      .describe(`Colours over the theme, by role: ${COLOR_ROLES.join(', ')}; "#rrggbb" or a colour name`),
    views: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'Saved views: a name → a filter in the language of / (tag:billing assignee:me is:unread); keys 1–9 show them, 0 shows all',
      ),
    keys: z
      .record(z.string(), KEY_LIST)
      .optional()
      .describe(
        'Your keys: an action id (card.archive) or scope:action (detail:scroll.down) → its keys. `inboard keymap` lists the actions',
      ),
    commands: UserCommandsSchema,
  })
  .describe('inboard’s config file');
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** What a setting takes, in words, for a message that names the setting (from the schema's descriptions). */
export function settingHelp(name: string): string | undefined {
  const field = (ConfigFileSchema.shape as Record<string, z.ZodType>)[name];
  return field?.description;
}
