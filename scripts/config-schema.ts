/**
 * Writes config.schema.json (shipped in the package) from the config file's
 * zod shape, src/config/file-schema.ts. Run with `npm run config:schema`
 * after changing a setting; test/config/file-schema.test.ts fails while it is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ConfigFileSchema } from '../src/config/file-schema.js';
import { KEYMAP } from '../src/ui/keymap.js';

export const SCHEMA_FILE = join(import.meta.dirname, '..', 'config.schema.json');

/** The JSON Schema text of the config file. */
export function configSchemaText(): string {
  const schema = z.toJSONSchema(ConfigFileSchema, { target: 'draft-2020-12', io: 'input' }) as unknown as {
    properties: { keys: { propertyNames?: unknown } };
  };
  // The keymap's action ids, so an editor completes them (a scope:action form is checked at start).
  const actions = [...new Set(KEYMAP.map((b) => b.action))].sort();
  schema.properties.keys.propertyNames = {
    anyOf: [{ enum: actions }, { type: 'string', pattern: '^[a-z-]+:[a-zA-Z.]+$' }],
  };
  return `${JSON.stringify({ title: 'inboard config', ...schema }, null, 2)}\n`;
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  let before = '';
  try {
    before = readFileSync(SCHEMA_FILE, 'utf8');
  } catch {
    // Not written yet.
  }
  const after = configSchemaText();
  if (after !== before) writeFileSync(SCHEMA_FILE, after);
  console.log(
    after === before ? 'config.schema.json: up to date' : 'config.schema.json: written from src/config/file-schema.ts',
  );
}
