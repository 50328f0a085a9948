/**
 * The alternate screen and its restoration. Ink 6 has no alternate-screen
 * option, so we write the sequences ourselves and undo them on every exit
 * path: normal exit, signals and crashes.
 */
const ENTER = '\x1b[?1049h\x1b[H';
// Leave the alternate screen and show the cursor again (Ink hides it).
const LEAVE = '\x1b[?25h\x1b[?1049l';

let active = false;

export function restoreTerminal(): void {
  if (!active) return;
  active = false;
  if (process.stdout.isTTY) process.stdout.write(LEAVE);
  if (process.stdin.isTTY && process.stdin.isRaw) process.stdin.setRawMode(false);
}

/**
 * A program run in the foreground (the editor, Ctrl+G) gets the main screen
 * and a visible cursor; back from it, the alternate screen (entered afresh,
 * so blank: the caller redraws) and Ink's hidden cursor again.
 */
export function lendTerminal(): void {
  if (active && process.stdout.isTTY) process.stdout.write(LEAVE);
}
export function reclaimTerminal(): void {
  if (active && process.stdout.isTTY) process.stdout.write(`${ENTER}\x1b[?25l`);
}

/**
 * Enters the alternate screen, with the terminal in raw mode, and arranges
 * for both to be undone on any exit.
 *
 * Raw mode now rather than when Ink first listens (an effect after its first
 * frame): a key typed as the board shows would otherwise meet the terminal
 * still cooked, be echoed into the frame, and an Enter would reach Ink as a
 * line feed, which it does not take for Return. In raw mode such keys wait,
 * unechoed, for Ink to read them.
 */
export function enterAlternateScreen(): void {
  if (active || !process.stdout.isTTY) return;
  active = true;
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  process.stdout.write(ENTER);
  process.once('exit', restoreTerminal);
  for (const sig of ['SIGTERM', 'SIGHUP', 'SIGQUIT'] as const) {
    process.once(sig, () => {
      restoreTerminal();
      process.exit(sig === 'SIGTERM' ? 143 : 129);
    });
  }
  const crash = (err: unknown) => {
    restoreTerminal();
    process.stderr.write(`inboard crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(70);
  };
  process.once('uncaughtException', crash);
  process.once('unhandledRejection', crash);
}
