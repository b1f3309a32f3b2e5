/** What one engine check asks PostgreSQL: (type, value) pairs, each with the index of its value in the call (ascending). */
export type CheckPairs = { index: number[]; type: string[]; value: string[] };

/** A list hit: the pair's index (as asked), and the group and type of the list that holds it. */
export type CheckHit<Type extends string = string> = { i: number; group_vch: string; supress_type: Type };

/** At most this many pairs go to PostgreSQL in one shared query; a larger call goes alone. */
export const CHECK_SHARED_MAX = 200;

type Waiting<Type extends string> = {
  pairs: CheckPairs;
  resolve: (hits: CheckHit<Type>[]) => void;
  reject: (error: unknown) => void;
};

/**
 * The engine's small checks, sent to PostgreSQL together. A check arriving while none is being answered goes at once;
 * those arriving while one is answered wait for it and then go as one query (their pairs one after another, each
 * answer's indexes taken back to its own call). Under load this is one round trip and one plan for many calls
 * instead of one each, which is what saturates the server's one thread; alone, a call waits for nothing.
 *
 * `lookup` answers pairs with their hits ordered by index (as sql.CHECK_VALUES does), so each call's hits come in
 * one run and in the order it would have had alone.
 */
export function checkBatcher<Type extends string>(lookup: (pairs: CheckPairs) => Promise<CheckHit<Type>[]>) {
  let queue: Waiting<Type>[] = [];
  let busy = false;

  function sendWaiting(): void {
    if (busy || queue.length === 0) return;
    let size = 0;
    let count = 0;
    while (count < queue.length && size + queue[count]!.pairs.index.length <= CHECK_SHARED_MAX) {
      size += queue[count]!.pairs.index.length;
      count++;
    }
    const batch = queue.slice(0, count);
    queue = queue.slice(count);
    const shared: CheckPairs = { index: [], type: [], value: [] };
    const starts: number[] = [];
    for (const { pairs } of batch) {
      // Each call's indexes moved past the calls before it, and taken back from the answer by the same start.
      const start = shared.index.length === 0 ? 0 : shared.index[shared.index.length - 1]! + 1;
      starts.push(start);
      for (const index of pairs.index) shared.index.push(start + index);
      shared.type.push(...pairs.type);
      shared.value.push(...pairs.value);
    }
    busy = true;
    // The next waiting checks go as soon as this answer is in, before its callers are given their parts.
    const next = () => {
      busy = false;
      sendWaiting();
    };
    lookup(shared).then(
      (hits) => {
        next();
        const answers: CheckHit<Type>[][] = batch.map(() => []);
        let call = 0;
        for (const hit of hits) {
          while (call + 1 < batch.length && hit.i >= starts[call + 1]!) call++;
          answers[call]!.push({ ...hit, i: hit.i - starts[call]! });
        }
        for (const [n, waiting] of batch.entries()) waiting.resolve(answers[n]!);
      },
      (error: unknown) => {
        next();
        for (const waiting of batch) waiting.reject(error);
      },
    );
  }

  return {
    /** The hits of these pairs, ordered by index. */
    lookup(pairs: CheckPairs): Promise<CheckHit<Type>[]> {
      if (pairs.index.length === 0) return Promise.resolve([]);
      if (pairs.index.length > CHECK_SHARED_MAX) return lookup(pairs);
      return new Promise((resolve, reject) => {
        queue.push({ pairs, resolve, reject });
        sendWaiting();
      });
    },
  };
}
