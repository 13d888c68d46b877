import { HOT_PATH_SWITCHES } from '../src/common/hotPath.js';

/**
 * What bench:api measures against its absence in every round: a second Vigil with one
 * optimization switched off, up beside the real one and the ceiling throughout (an
 * optimization stays only while it measures beyond the machine's noise: docs/decisions/0013). `BENCH_COMPARE` names
 * which, comma-separated: all by default, none when empty.
 */
export interface Variant {
  /** Its name in the report and in BENCH_COMPARE. */
  name: string;
  /** What it is: Vigil without which optimization (and where that lives). */
  is: string;
  /** What vigilServer.ts reads to switch it off. */
  env: Record<string, string>;
}

export const VARIANTS: Variant[] = [
  // Nothing switched off: two identical servers' ratio is the machine's noise, the band the
  // others must clear.
  { name: 'control', is: 'an identical second Vigil (the noise)', env: {} },
  { name: 'unprepared', is: 'Vigil without prepared statements (db/preparedStatements.ts)', env: { BENCH_PREPARED_STATEMENTS: '0' } },
  { name: 'unbatched', is: 'Vigil without reads batched per round (common/readCoalescing.ts)', env: { BENCH_HOT_PATH_OFF: 'batchReads' } },
  {
    name: 'unremembered',
    is: 'Vigil without a list checked from the remembered user (common/checkedPage.ts)',
    env: { BENCH_HOT_PATH_OFF: 'rememberUsers' },
  },
  {
    name: 'unshared',
    is: 'Vigil without one serialization per round (common/sharedAnswer.ts)',
    env: { BENCH_HOT_PATH_OFF: 'shareAnswers' },
  },
];

export function chosenVariants(spec = process.env.BENCH_COMPARE): Variant[] {
  if (spec === undefined) return VARIANTS;
  const names = spec
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !VARIANTS.some((variant) => variant.name === name));
  if (unknown.length > 0)
    throw new Error(`BENCH_COMPARE: no variant ${unknown.join(', ')} (known: ${VARIANTS.map((v) => v.name).join(', ')})`);
  return VARIANTS.filter((variant) => names.includes(variant.name));
}

/** BENCH_HOT_PATH_OFF, as vigilServer.ts hands it to buildApp. */
export function hotPathOff(spec: string | undefined): Partial<Record<(typeof HOT_PATH_SWITCHES)[number], false>> {
  const names = (spec ?? '').split(',').filter(Boolean);
  for (const name of names) {
    if (!(HOT_PATH_SWITCHES as string[]).includes(name)) throw new Error(`BENCH_HOT_PATH_OFF: no switch ${name}`);
  }
  return Object.fromEntries(names.map((name) => [name, false]));
}
