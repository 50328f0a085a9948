/** config.schema.json is made from the config's zod shape: this fails while `npm run config:schema` was not run. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchemaText, SCHEMA_FILE } from '../../scripts/config-schema.js';

describe('the config file’s JSON Schema', () => {
  it('is what the config’s shape makes (run `npm run config:schema` to bring it up to date)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(configSchemaText());
  });

  it('is shipped, refuses unknown settings and completes the keymap’s actions', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('config.schema.json');
    const schema = JSON.parse(configSchemaText()) as {
      additionalProperties: boolean;
      properties: Record<string, { propertyNames?: { anyOf: { enum?: string[] }[] } }>;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.keys?.propertyNames?.anyOf[0]?.enum).toContain('card.archive');
  });
});
