// The one-shot commands' start as a classic script (dist/commands.cjs),
// which src/boot/commands-script.ts runs with V8's code cache
// (classic-script.mjs says why and how it is built). A command's start was
// about a third compiling its chunks (docs/performance.md).
import { buildClassicScript } from './classic-script.mjs';

export const COMMANDS_SCRIPT = 'dist/commands.cjs';

export async function buildCommandsScript({ outfile = COMMANDS_SCRIPT, minify = true } = {}) {
  await buildClassicScript({
    name: 'commands',
    // COMMANDS: what the tests' command host (test/support/command-host.mjs) may run.
    entry: `export { runCommand, COMMANDS } from './src/commands/index.ts';`,
    // As in the board's script: the mail libraries are required when mail is sent or read.
    external: ['nodemailer', 'mailparser', 'mime-types'],
    outfile,
    minify,
  });
}
