import type { GameResult, WinInput } from './game-call-records.ts';
import type { BatchShape } from './posting-statements.ts';

/** A game call waiting for its turn, answered through its own promise. */
export interface QueuedCall {
  kind: 'BET' | 'WIN';
  input: WinInput;
  shape: BatchShape;
  resolve(result: GameResult): void;
  reject(error: unknown): void;
}

export const shapeOfCall = (kind: 'BET' | 'WIN', input: WinInput): BatchShape =>
  kind === 'BET' ? 'bet' : input.referenceTransactionId ? 'winWithReference' : 'win';

/** What the batcher needs of a queued item: whose it is, what statement it takes, how it is answered. */
export interface Batchable {
  player: string;
  shape: string;
  reject(error: unknown): void;
}

/**
 * Groups concurrent items (game calls, rounds) as a database groups commits: at most `concurrency` sends are
 * in flight, and the items that arrive meanwhile leave together as one batch when a send ends. An item that
 * finds a free slot goes at once, alone: no timer, no wait when there is no concurrency. A batch holds one
 * shape and at most one item per player; a player's later item waits until their earlier one has been
 * answered, so a player's items apply in arrival order and each balance check sees the ones before.
 */
export function createPlayerBatcher<T extends Batchable>({
  concurrency,
  maxBatch,
  alone,
  together,
}: {
  concurrency: number;
  maxBatch: number;
  alone(item: T): Promise<void>;
  /** Answers every item of the batch (each resolved or rejected). */
  together(items: T[]): Promise<void>;
}) {
  let queue: T[] = [];
  /** Players with an item in flight. */
  const playing = new Set<string>();
  let inFlight = 0;

  function take(): T[] {
    const batch: T[] = [];
    const passed = new Set(playing);
    const left: T[] = [];
    for (const item of queue) {
      const fits =
        batch.length < maxBatch && !passed.has(item.player) && (batch[0]?.shape ?? item.shape) === item.shape;
      // An item left behind holds back its player's later items too.
      passed.add(item.player);
      if (fits) batch.push(item);
      else left.push(item);
    }
    queue = left;
    return batch;
  }

  function pump() {
    while (inFlight < concurrency && queue.length > 0) {
      const batch = take();
      const first = batch[0];
      if (!first) return;
      inFlight++;
      for (const item of batch) playing.add(item.player);
      const sent = batch.length === 1 ? alone(first) : together(batch);
      sent
        .catch((error: unknown) => {
          for (const item of batch) item.reject(error);
        })
        .finally(() => {
          inFlight--;
          for (const item of batch) playing.delete(item.player);
          pump();
        });
    }
  }

  return {
    submit(item: T) {
      queue.push(item);
      pump();
    },
  };
}

/** Game calls of the seamless wallet, grouped by createPlayerBatcher. */
export function createGameCallBatcher(options: {
  concurrency: number;
  maxBatch: number;
  alone(call: QueuedCall): Promise<void>;
  together(shape: BatchShape, calls: QueuedCall[]): Promise<void>;
}) {
  const batcher = createPlayerBatcher<QueuedCall & Batchable>({
    concurrency: options.concurrency,
    maxBatch: options.maxBatch,
    alone: options.alone,
    together: (calls) => options.together(calls[0]!.shape, calls),
  });
  return {
    submit(kind: 'BET' | 'WIN', input: WinInput): Promise<GameResult> {
      return new Promise<GameResult>((resolve, reject) => {
        const shape = shapeOfCall(kind, input);
        batcher.submit({ kind, input, shape, player: input.userId, resolve, reject });
      });
    },
  };
}
