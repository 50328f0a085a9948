/**
 * A client whose every asynchronous call is passed through `around`: one
 * place to watch or reword what a client's calls answer (the store's
 * reachability, the config's explanation of a refused key). A proxy, so
 * what is set on it (the store's `onBackoff`) reaches the client itself.
 */
import type { Client } from './types.js';

export function watchCalls(client: Client, around: (result: Promise<unknown>) => Promise<unknown>): Client {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || prop === 'onBackoff') return value;
      let fn = wrapped.get(prop);
      if (fn === undefined) {
        const call = value as (...args: unknown[]) => unknown;
        fn = (...args: unknown[]): unknown => {
          const result = call.apply(target, args);
          return result instanceof Promise ? around(result) : result;
        };
        wrapped.set(prop, fn);
      }
      return fn;
    },
  });
}
