// Stands in, in the bundle, for packages Fastify loads only on paths inboard
// never takes (scripts/build.mjs says which and why). Reaching one is a bug.
throw new Error('inboard: a module left out of the bundle was loaded (see scripts/build.mjs)');
