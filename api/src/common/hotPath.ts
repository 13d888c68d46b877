/**
 * The list path's three optimizations, each with a switch so that `npm run bench:api` measures
 * it against its absence in the same rounds (one stays only while it measures beyond
 * the machine's noise; figures in docs/benchmarks/api.md). Every switch is on outside the benchmark
 * and the tests that compare both settings; none changes an answer's bytes, only how many
 * statements and serializations it costs.
 */
export interface HotPath {
  /**
   * Reads batched per round of requests (common/readCoalescing.ts). Invariant: a batch is sent
   * only after every request in it arrived, and nothing outlives it.
   */
  batchReads: boolean;
  /**
   * A list starts from the user row this process read last, checked in the page's own
   * statement (common/checkedPage.ts). Invariant: a page is answered only for a user whose
   * stored row still matches the remembered one (id, active, token_version, role).
   */
  rememberUsers: boolean;
  /**
   * A page shared by a round is serialized once (common/sharedAnswer.ts). Invariant: the bytes
   * are keyed by the page object itself, which lives only as long as its round.
   */
  shareAnswers: boolean;
}

export const HOT_PATH_ON: HotPath = { batchReads: true, rememberUsers: true, shareAnswers: true };

/** The switch names, as `BENCH_HOT_PATH_OFF` (bench/servers/vigilServer.ts) lists them. */
export const HOT_PATH_SWITCHES = Object.keys(HOT_PATH_ON) as (keyof HotPath)[];
