import fc from 'fast-check';

/**
 * The seed of every generated input (fast-check), fixed so that a run can be repeated and a
 * failure reproduced: FUZZ_SEED=<n> picks another, FUZZ_SEED=random a new one each run.
 * Printed once per file that uses it.
 */
export function useFuzzSeed(file: string): number {
  const asked = process.env.FUZZ_SEED;
  const seed =
    asked === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(asked ?? 20_261_126);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
  process.stdout.write(`${file}: fuzz seed ${seed} (FUZZ_SEED=${seed} repeats this run)\n`);
  return seed;
}
