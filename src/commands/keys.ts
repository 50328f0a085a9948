export async function keys(_argv: string[]): Promise<number> {
  process.stderr.write('inboard keys: not built yet\n');
  return 1;
}
