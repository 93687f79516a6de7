// bench:events' knobs (the environment variables of run.ts's header) and the names of what one run creates.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireDatabaseUrl } from '../lib/postgres.ts';

export const adminUrl = requireDatabaseUrl('bench:events');
export const redisUrl = process.env.REDIS_URL ?? '';
const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number`);
    process.exit(2);
  }
  return value;
};
export const seconds = num('BENCH_SECONDS', 10);
export const producers = Math.round(num('BENCH_PRODUCERS', 8));
export const lightRate = num('BENCH_LIGHT_RATE', 20);
export const lightSeconds = num('BENCH_LIGHT_SECONDS', seconds);
export const warmupSeconds = num('BENCH_WARMUP_SECONDS', 3);
export const playerCount = Math.round(num('BENCH_PLAYERS', 1000));
export const drainTimeoutMs = num('BENCH_DRAIN_TIMEOUT', 120) * 1000;

const stamp = `${Date.now()}_${randomBytes(3).toString('hex')}`;
export const eventsDb = `paws_bench_events_${stamp}`;
export const pgbenchDb = `paws_bench_events_pgbench_${stamp}`;
export const secret = randomBytes(32).toString('hex');
export const walletSecret = randomBytes(32).toString('hex');
export const dataDir = mkdtempSync(join(tmpdir(), 'paws-bench-events-'));

/** A bet's stake (minor units): $1. */
export const STAKE = 100;
