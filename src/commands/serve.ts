export async function serve(_argv: string[]): Promise<number> {
  process.stderr.write('inboard serve: not built yet\n');
  return 1;
}
