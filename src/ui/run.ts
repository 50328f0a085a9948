/** Placeholder until the board lands: the TUI entry (issue 3). */
export async function run(_argv: string[]): Promise<number> {
  process.stderr.write('inboard: the board is not built yet; try `inboard serve --demo`.\n');
  return 1;
}
