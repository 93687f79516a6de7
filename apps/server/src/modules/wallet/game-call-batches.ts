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

/**
 * Groups concurrent game calls as a database groups commits: at most `concurrency` sends are in flight, and
 * the calls that arrive meanwhile leave together as one batch when a send ends. A call that finds a free slot
 * goes at once, alone: no timer, no wait when there is no concurrency. A batch holds one shape and at most one
 * call per player; a player's later call waits until their earlier one has been answered, so a player's calls
 * apply in arrival order and each balance check sees the ones before.
 */
export function createGameCallBatcher({
  concurrency,
  maxBatch,
  alone,
  together,
}: {
  concurrency: number;
  maxBatch: number;
  alone(call: QueuedCall): Promise<void>;
  /** Answers every call of the batch (each resolved or rejected). */
  together(shape: BatchShape, calls: QueuedCall[]): Promise<void>;
}) {
  let queue: QueuedCall[] = [];
  /** Players with a call in flight. */
  const playing = new Set<string>();
  let inFlight = 0;

  function take(): QueuedCall[] {
    const batch: QueuedCall[] = [];
    const passed = new Set(playing);
    const left: QueuedCall[] = [];
    for (const call of queue) {
      const player = call.input.userId;
      const fits =
        batch.length < maxBatch && !passed.has(player) && (batch[0]?.shape ?? call.shape) === call.shape;
      // A call left behind holds back its player's later calls too.
      passed.add(player);
      if (fits) batch.push(call);
      else left.push(call);
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
      for (const call of batch) playing.add(call.input.userId);
      const sent = batch.length === 1 ? alone(first) : together(first.shape, batch);
      sent
        .catch((error: unknown) => {
          for (const call of batch) call.reject(error);
        })
        .finally(() => {
          inFlight--;
          for (const call of batch) playing.delete(call.input.userId);
          pump();
        });
    }
  }

  return {
    submit(kind: 'BET' | 'WIN', input: WinInput): Promise<GameResult> {
      return new Promise<GameResult>((resolve, reject) => {
        queue.push({ kind, input, shape: shapeOfCall(kind, input), resolve, reject });
        pump();
      });
    },
  };
}
