/** Scriptable (non-TUI) commands; filled in by the scriptable-commands work. */
export const COMMANDS: ReadonlySet<string> = new Set();

export async function runCommand(_cmd: string, _argv: string[]): Promise<number> {
  return 2;
}
