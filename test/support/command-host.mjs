// One process that runs the build's scriptable commands (dist/commands.cjs,
// what `inboard <command>` runs) one after another, for the command suites:
// a command run this way costs the suite a few milliseconds of CPU instead
// of a whole Node start (test/commands/helpers.ts, `runCli`).
//
// Each request sets the environment the command would have been started
// with, takes what it writes to stdout and stderr, and answers with its exit
// status, as the child's would be. The parent sends one request at a time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

const file = process.argv[2];
const source = readFileSync(file, 'latin1');
const wrapper = new Script(source, { filename: file }).runInThisContext();
const module = { exports: {} };
wrapper(module.exports, createRequire(file), module, file, dirname(file));
const { runCommand, COMMANDS } = module.exports;
if (typeof runCommand !== 'function') throw new Error(`${file} does not export runCommand()`);
// What it runs: the table's commands, less `mcp`, which stays up for as long as its client.
process.send({ ready: [...COMMANDS].filter((c) => c !== 'mcp') });

/** Replaces a stream's write with one that keeps the bytes; returns them and puts the write back. */
function capture(stream) {
  const chunks = [];
  const write = stream.write;
  stream.write = (chunk, encoding, callback) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
        : Buffer.from(chunk),
    );
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
  return () => {
    stream.write = write;
    return Buffer.concat(chunks).toString('utf8');
  };
}

function setEnv(env) {
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, env);
  // As src/cli.ts does before anything loads.
  if (process.env.NO_COLOR) process.env.FORCE_COLOR = '0';
}

process.on('message', async ({ id, args, env }) => {
  setEnv(env);
  const out = capture(process.stdout);
  const err = capture(process.stderr);
  let code;
  try {
    code = await runCommand(args[0], args.slice(1));
  } catch (e) {
    // As src/cli.ts reports what escaped the command.
    process.stderr.write(`inboard: ${e instanceof Error ? e.message : String(e)}\n`);
    code = 1;
  }
  const stdout = out();
  const stderr = err();
  process.send({ id, code, stdout, stderr });
});
process.on('disconnect', () => process.exit(0));
