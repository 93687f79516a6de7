import DataLoader from 'dataloader';

/**
 * Reads by key grouped as a database groups commits: at most `concurrency` reads are in flight, and the keys
 * asked for meanwhile leave together as one read when one ends. A key asked for while a slot is free is read
 * at the end of the current task (with any other key asked for in it): no timer, no wait when nothing else
 * is asked. Nothing is cached: every key is read after it was asked for, so an answer is never older than
 * its request.
 */
export function groupedReads<K, V>({
  concurrency,
  maxBatch,
  read,
}: {
  concurrency: number;
  maxBatch: number;
  /** The values of `keys`, in their order (a key may appear more than once). */
  read(keys: readonly K[]): Promise<V[]>;
}): (key: K) => Promise<V> {
  /** Slots taken: by a batch being read, or about to be (sent at the end of this task). */
  let taken = 0;
  /** Batches DataLoader has closed, waiting for a free slot (FIFO). */
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        return await read(keys);
      } finally {
        // The slot passes to the next waiting batch, or is freed.
        const next = waiting.shift();
        if (next) next();
        else taken--;
      }
    },
    {
      cache: false,
      maxBatchSize: maxBatch,
      // DataLoader asks when to send each new batch, before it puts the first key in: with a free slot,
      // at the end of this task (the keys asked for in it go together); else when a slot frees, with every
      // key asked for until then.
      batchScheduleFn: (send) => {
        if (taken < concurrency) {
          taken++;
          queueMicrotask(send);
        } else {
          waiting.push(send);
        }
      },
    },
  );
  return (key) => loader.load(key);
}
