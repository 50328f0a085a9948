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
    profiles: z
      .record(z.string(), Profile)
      .optional()
      .describe(
        'Servers by name, each {url, apiKey | apiKeyFile, insecure, email}; chosen by --profile, INBOARD_PROFILE or defaultProfile',
      ),
    defaultProfile: z.string().optional().describe('The profile used when none is named'),
    keys: z
      .record(z.string(), KEY_LIST)
      .optional()
      .describe(
        'Your keys: an action id (card.archive) or scope:action (detail:scroll.down) → its keys. `inboard keymap` lists the actions',
      ),
  })
  .describe('inboard’s config file');
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** What a setting takes, in words, for a message that names the setting (from the schema's descriptions). */
export function settingHelp(name: string): string | undefined {
  const field = (ConfigFileSchema.shape as Record<string, z.ZodType>)[name];
  return field?.description;
}
