/**
 * The fields of `inboard api` (-F/--field, -f/--raw-field): key=value pairs
 * made into a JSON object, typed the way `gh api -F` types them.
 */
import { UsageError } from './args.js';

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/** `-F` typing, as `gh api -F` does it: literals and whole numbers become JSON values. */
export function typedValue(v: string): Json {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (v === 'null') return null;
  if (/^-?(0|[1-9]\d{0,15})$/.test(v) && Number.isSafeInteger(Number(v))) return Number(v);
  return v;
}

export function buildFields(typed: string[], raw: string[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  const add = (pair: string, flag: string, typedValues: boolean) => {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} wants key=value, got '${pair}'`);
    const key = pair.slice(0, eq);
    const value = typedValues ? typedValue(pair.slice(eq + 1)) : pair.slice(eq + 1);
    if (key.endsWith('[]')) {
      const k = key.slice(0, -2);
      const prev = out[k];
      if (prev !== undefined && !Array.isArray(prev)) throw new UsageError(`${k} is given both as a value and as a list`);
      out[k] = [...(prev ?? []), value];
    } else {
      out[key] = value;
    }
  };
  for (const p of typed) add(p, '--field', true);
  for (const p of raw) add(p, '--raw-field', false);
  return out;
}
