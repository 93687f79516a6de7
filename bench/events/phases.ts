// A phase of load: what its producers committed and when, how many events each subscriber should handle,
// and the two ways to drive it (closed loops as fast as they go, an open loop at a fixed rate).
import type { DomainEvent } from '@paws/contracts/events';
import {
  type SubscriberName,
  type Subscription,
  subscriptions,
} from '../../apps/server/src/modules/manifest.ts';
import { type CpuShares, sleep } from './measure.ts';
import { producers } from './settings.ts';

export const subscriberNames = Object.keys(subscriptions) as SubscriberName[];

export type Kind = 'BET' | 'WIN';

/** Which subscribers the dispatcher hands a 'wallet.moved' of this kind with a game to, by the manifest. */
const takes: Record<Kind, SubscriberName[]> = (() => {
  const probe = (kind: Kind) =>
    ({
      id: '',
      name: 'wallet.moved',
      createdAt: '',
      payload: { kind, game: { providerCode: 'x', gameCode: 'bench', roundId: 'x' } },
    }) as unknown as DomainEvent;
  const of = (kind: Kind) =>
    subscriberNames.filter((name) => {
      const s = subscriptions[name] as Subscription;
      return s.events.includes('wallet.moved') && (s.accepts?.(probe(kind)) ?? true);
    });
  return { BET: of('BET'), WIN: of('WIN') };
})();

export interface Phase {
  label: string;
  /** Round ids of this phase start with it. */
  prefix: string;
  startedAt: number;
  endedAt: number;
  /** `${kind}:${roundId}` → Date.now() right after the transaction that recorded the event resolved. */
  commits: Map<string, number>;
  /** Each producer call's duration (ms). */
  callMs: number[];
  failed: number;
  expected: Record<SubscriberName, number>;
  drainedAt?: number;
  drained?: boolean;
  /** CPU from the start of the load to the end of the drain. */
  cpu?: CpuShares;
}

export function newPhase(label: string, code: string): Phase {
  return {
    label,
    prefix: `${code}-`,
    startedAt: 0,
    endedAt: 0,
    commits: new Map(),
    callMs: [],
    failed: 0,
    expected: Object.fromEntries(subscriberNames.map((n) => [n, 0])) as Record<SubscriberName, number>,
  };
}

export function committed(phase: Phase, kind: Kind, roundId: string, started: number) {
  phase.commits.set(`${kind}:${roundId}`, Date.now());
  phase.callMs.push(performance.now() - started);
  for (const name of takes[kind]) phase.expected[name]++;
}

function failure(phase: Phase, err: unknown) {
  phase.failed++;
  if (phase.failed <= 3) console.error(`  ${phase.label}: ${err instanceof Error ? err.message : err}`);
}

/** N concurrent loops calling op(n) until the time is up. */
export async function closedLoop(phase: Phase, durationMs: number, op: (n: number) => Promise<void>) {
  let sequence = 0;
  phase.startedAt = Date.now();
  const until = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: producers }, async () => {
      while (performance.now() < until) {
        try {
          await op(sequence++);
        } catch (err) {
          failure(phase, err);
        }
      }
    }),
  );
  phase.endedAt = Date.now();
}

/** op(n) started every 1/rate s whatever the previous ones are doing (an open loop). */
export async function paced(
  phase: Phase,
  perSecond: number,
  durationMs: number,
  op: (n: number) => Promise<void>,
) {
  const every = 1000 / perSecond;
  const count = Math.max(1, Math.round(durationMs / every));
  const running: Promise<void>[] = [];
  phase.startedAt = Date.now();
  const t0 = performance.now();
  for (let n = 0; n < count; n++) {
    const wait = t0 + n * every - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(op(n).catch((err) => failure(phase, err)));
  }
  await Promise.all(running);
  phase.endedAt = Date.now();
}
