/**
 * Once per test run: the seed every property and fuzz test uses, printed so
 * a failure replays (`FC_SEED=<seed> npm test`, or one file with npx vitest).
 * Test processes inherit it through the environment (test/setup.ts applies it).
 */
export default function setup(): void {
  const seed = process.env.FC_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
  process.env.FC_SEED = seed;
  console.log(`fast-check seed ${seed} (replay: FC_SEED=${seed} npx vitest run <file>)`);
}
