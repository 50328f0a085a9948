/**
 * One connection per command run: the same configuration and backends as the
 * TUI (connect()), and the embedded service always closed before the process
 * exits, whatever happened in between.
 */
import type { Client } from '../api/types.js';
import { connect, type Connection } from '../config/connect.js';
import { configFlags } from './args.js';

export interface ConnectionValues {
  url?: string | undefined;
  'api-key'?: string | undefined;
  insecure?: boolean | undefined;
  profile?: string | undefined;
}

export async function withClient<T>(
  values: ConnectionValues,
  fn: (client: Client, conn: Connection) => Promise<T>,
): Promise<T> {
  const conn = await connect(configFlags(values));
  try {
    return await fn(conn.client, conn);
  } finally {
    await conn.close();
  }
}

/** Prints help and returns true when --help was given. */
export function helpRequested(values: { help?: boolean | undefined }, text: string): boolean {
  if (values.help !== true) return false;
  process.stdout.write(text);
  return true;
}
