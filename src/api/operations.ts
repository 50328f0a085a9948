/**
 * What an endpoint is: one operation of the `Client` written as a small
 * function over the plumbing (`Wire`, wire.ts). The client is a table of
 * them, one per operation (client.ts); another implementation of the same
 * operation, for a server that speaks other routes, is another function of
 * the same type that the table can hold instead.
 */
import type { Client } from './types.js';
import type { Wire } from './wire.js';

/** The Client's operations that endpoints implement; `offers`, `raw` and `onBackoff` are the plumbing's own. */
export type Operations = Omit<Client, 'offers' | 'raw' | 'onBackoff'>;
export type OperationName = keyof Operations;

/** One operation over the plumbing: the Client's function with the Wire first. */
export type Endpoint<K extends OperationName> = (
  w: Wire,
  ...args: Parameters<Operations[K]>
) => ReturnType<Operations[K]>;
export type Endpoints<K extends OperationName> = { [P in K]: Endpoint<P> };

/** The table's operations with the plumbing bound: the Client's functions. */
export function bindEndpoints(w: Wire, table: Endpoints<OperationName>): Operations {
  const out: Partial<Record<OperationName, unknown>> = {};
  for (const name of Object.keys(table) as OperationName[]) {
    // Each entry has its own parameters; the loop only passes them through.
    const endpoint = table[name] as (w: Wire, ...args: unknown[]) => unknown;
    out[name] = (...args: unknown[]) => endpoint(w, ...args);
  }
  return out as Operations;
}
