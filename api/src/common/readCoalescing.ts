import DataLoader from 'dataloader';

/**
 * Reads batched per turn of the event loop (DataLoader). Loads asked for while Node reads a
 * round of requests off its sockets are dispatched together once that round is done
 * (setImmediate runs after the poll phase), so fifty concurrent list requests cost a couple of
 * round trips to PostgreSQL instead of a hundred.
 *
 * Unlike a cache this stays exact: a batch is sent only after every request in it arrived, so
 * each answer comes from a snapshot at least as new as its request. Nothing is kept between
 * batches (`cache: false`).
 */
const afterThisRound = (dispatch: () => void) => {
  setImmediate(dispatch);
};

/** Whether loads are batched at all: off only to measure what batching is worth (common/hotPath.ts). */
export interface LoaderOptions {
  batch: boolean;
}

/** Many keys, one query: `loadMany` answers for the distinct keys, in any order, by `keyOf`. */
export function batchLoader<K, V>(
  loadMany: (keys: K[]) => Promise<V[]>,
  keyOfKey: (key: K) => string,
  keyOfValue: (value: V) => string,
  { batch }: LoaderOptions = { batch: true },
): (key: K) => Promise<V | undefined> {
  if (!batch) {
    return async (key) => {
      const id = keyOfKey(key);
      return (await loadMany([key])).find((value) => keyOfValue(value) === id);
    };
  }
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      const distinct = [...new Map(keys.map((key) => [keyOfKey(key), key])).values()];
      const found = new Map((await loadMany(distinct)).map((value) => [keyOfValue(value), value]));
      return keys.map((key) => found.get(keyOfKey(key)));
    },
    { cache: false, batchScheduleFn: afterThisRound },
  );
  return (key) => loader.load(key);
}

/** The same read asked for several times in one round runs once; different reads run side by side. */
export function coalescedLoader<K, V>(
  loadOne: (key: K) => Promise<V>,
  keyOf: (key: K) => string,
  { batch }: LoaderOptions = { batch: true },
): (key: K) => Promise<V> {
  if (!batch) return loadOne;
  const loader = new DataLoader<K, V>(
    async (keys) => {
      const runs = new Map<string, Promise<V>>();
      return Promise.all(
        keys.map((key) => {
          const id = keyOf(key);
          let run = runs.get(id);
          if (!run) {
            run = loadOne(key);
            runs.set(id, run);
          }
          // An Error in the answer fails that key only, not the whole batch.
          return run.catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
        }),
      );
    },
    { cache: false, batchScheduleFn: afterThisRound },
  );
  return (key) => loader.load(key);
}
