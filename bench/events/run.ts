/**
 * Domain events through the transactional outbox, end to end: how many events per second the producers
 * commit and the real subscribers handle, how long an event takes from its producer's commit to each
 * subscriber, and the same transactions' rate without the outbox beside them, with the ratios.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run bench:events -w @paws/bench
 *
 * Set-up: a fresh database (dropped at the end, also on error or Ctrl-C); the full app (SERVICES=all, no
 * seed, LOG_LEVEL silent) runs in a child process (events/server.ts): its dispatcher and the two real
 * subscribers, bonuses.progress (idempotent: re-evaluates the player's bonuses) and notifications.notices
 * (transactional: writes a notice for a notable win). This process is the producer, with its own pool and
 * the real wallet service (the code behind app.wallet), on BENCH_PLAYERS players that exist as accounts.
 *
 * Events: game rounds, a bet then a win that names it, each one transaction recording one 'wallet.moved'
 * (the wallet's single statement writes the ledger and the outbox row together). By the manifest's filters
 * a BET goes to bonuses.progress and a WIN to both subscribers. One win in twenty is notable (×10 the
 * stake), so notifications.notices writes a notice for it.
 *
 * Phases, one after the other:
 *   baselines, before the app starts (no dispatcher, no subscriber), after a warm-up of BENCH_WARMUP_SECONDS:
 *     wallet, no consumers    BENCH_PRODUCERS loops of rounds for BENCH_SECONDS;
 *     raw, no consumers       the same loops, each transaction only recordEvent() of the same events;
 *     plain insert            the raw transaction inserting the same row into a copy of the outbox's table
 *                             without its NOTIFY trigger (and no reader): the transaction without the outbox;
 *     pgbench                 `pgbench -b simple-update` with as many clients, for as long;
 *     pgbench inserts         one insert of an event-sized row per transaction (pgbench script), into the
 *                             plain copy and into domain_events: the NOTIFY trigger's own cost, without Node;
 *   (the baselines' events are then stamped dispatched, and the app starts with an empty outbox)
 *   warm-up   rounds for BENCH_WARMUP_SECONDS with the consumers running, drained (not reported);
 *   light     rounds paced at BENCH_LIGHT_RATE events/s for BENCH_LIGHT_SECONDS: the latency at rest;
 *   wallet    BENCH_PRODUCERS loops of rounds as fast as they go for BENCH_SECONDS, then drained;
 *   raw       the same loops recording the events alone (no ledger), then drained.
 *
 * Measures: recorded/s is events committed per second of load. handled is counted from event_inbox (one row
 * per subscriber and event); "during load" counts rows handled before the producers stopped, the backlog is
 * what was left then and the drain how long it took to handle it. Latency is event_inbox.handled_at (the
 * database clock, same machine) minus the producer's Date.now() right after its commit resolved: for
 * bonuses.progress the row is written after the handler ran, for notifications.notices at the start of the
 * handler's transaction. "to dispatch" is domain_events.dispatched_at (the dispatcher's transaction start)
 * minus the same commit time. The pg-boss jobs of each phase give the events per job, the wait before a
 * worker took a job and the handler time per event. CPU: the app process's share of one core (/proc), this
 * process's, and how busy the whole machine was (/proc/stat), from the start of the load to the end of the
 * drain; the machine's figure says how far the others on it weigh on every number here.
 *
 * Knobs: BENCH_SECONDS (10), BENCH_PRODUCERS (8), BENCH_LIGHT_RATE (20), BENCH_LIGHT_SECONDS (BENCH_SECONDS),
 * BENCH_WARMUP_SECONDS (3), BENCH_PLAYERS (1000), BENCH_DRAIN_TIMEOUT (120 s), BENCH_POOL (the app's pool;
 * product default), BENCH_LOG_LEVEL (silent; the app's log level).
 */
import { execFile as execFileCb, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type DomainEvent, type DomainEventPayload, domainEventSchemas } from '@paws/contracts/events';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { recordEvent } from '../../apps/server/src/core/events/record.ts';
import { createDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { uuidv7 } from '../../apps/server/src/lib/ids.ts';
import {
  type SubscriberName,
  type Subscription,
  subscriptions,
} from '../../apps/server/src/modules/manifest.ts';
import { createWalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { STUDIO_PROVIDER, seedWalletProviders } from '../../apps/server/src/modules/wallet/signature.ts';
import { adminQuery, databaseUrl, percentile, pgbenchPath, requireDatabaseUrl } from '../lib/postgres.ts';

const execFile = promisify(execFileCb);

const adminUrl = requireDatabaseUrl('bench:events');
const redisUrl = process.env.REDIS_URL ?? '';
const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number`);
    process.exit(2);
  }
  return value;
};
const seconds = num('BENCH_SECONDS', 10);
const producers = Math.round(num('BENCH_PRODUCERS', 8));
const lightRate = num('BENCH_LIGHT_RATE', 20);
const lightSeconds = num('BENCH_LIGHT_SECONDS', seconds);
const warmupSeconds = num('BENCH_WARMUP_SECONDS', 3);
const playerCount = Math.round(num('BENCH_PLAYERS', 1000));
const drainTimeoutMs = num('BENCH_DRAIN_TIMEOUT', 120) * 1000;

const stamp = `${Date.now()}_${randomBytes(3).toString('hex')}`;
const eventsDb = `paws_bench_events_${stamp}`;
const pgbenchDb = `paws_bench_events_pgbench_${stamp}`;
const secret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(join(tmpdir(), 'paws-bench-events-'));

/** A bet's stake (minor units): $1. */
const STAKE = 100;
const subscriberNames = Object.keys(subscriptions) as SubscriberName[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Quantiles {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
function quantiles(values: number[]): Quantiles {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN,
  };
}

/** CPU seconds a process has used (Linux /proc; NaN elsewhere). */
function processCpuSeconds(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The machine's busy and total CPU time (Linux /proc/stat, in ticks). */
function machineCpu() {
  try {
    const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    const values = ticks.map(Number);
    const total = values.reduce((a, b) => a + b, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

/** What the app process, this process and the whole machine spent on CPU between two points. */
function cpuMeter(appPid: number | undefined) {
  const app = appPid === undefined ? Number.NaN : processCpuSeconds(appPid);
  const self = process.cpuUsage();
  const machine = machineCpu();
  const wall = performance.now();
  return () => {
    const seconds = (performance.now() - wall) / 1000;
    const used = process.cpuUsage(self);
    const now = machineCpu();
    return {
      /** Share of one core. */
      app: appPid === undefined ? Number.NaN : (processCpuSeconds(appPid) - app) / seconds,
      producer: (used.user + used.system) / 1e6 / seconds,
      /** Share of all cores. */
      machine: (now.busy - machine.busy) / (now.total - machine.total),
    };
  };
}
type CpuShares = ReturnType<ReturnType<typeof cpuMeter>>;

/** The smallest UUIDv7 of that millisecond: ids of events recorded from then on sort after it. */
function uuidFloor(ms: number) {
  const hex = Math.floor(ms).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}

/** A copy of the outbox's table for the baseline: same columns and indexes, no NOTIFY trigger, no reader. */
const plainEvents = pgTable('bench_plain_events', {
  id: uuid().primaryKey(),
  name: text().notNull(),
  payload: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  dispatchedAt: timestamp({ withTimezone: true, mode: 'date' }),
});

type Kind = 'BET' | 'WIN';

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

interface Phase {
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

function newPhase(label: string, code: string): Phase {
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

function committed(phase: Phase, kind: Kind, roundId: string, started: number) {
  phase.commits.set(`${kind}:${roundId}`, Date.now());
  phase.callMs.push(performance.now() - started);
  for (const name of takes[kind]) phase.expected[name]++;
}

function failure(phase: Phase, err: unknown) {
  phase.failed++;
  if (phase.failed <= 3) console.error(`  ${phase.label}: ${err instanceof Error ? err.message : err}`);
}

/** N concurrent loops calling op(n) until the time is up. */
async function closedLoop(phase: Phase, durationMs: number, op: (n: number) => Promise<void>) {
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
async function paced(phase: Phase, perSecond: number, durationMs: number, op: (n: number) => Promise<void>) {
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

interface Running {
  pid: number;
  stop(): Promise<void>;
}

async function startApp(url: string): Promise<Running> {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: url,
      BENCH_SECRET: secret,
      BENCH_REDIS_URL: redisUrl,
      BENCH_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the app was not ready in 120 s')), 120_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code} before it was ready`));
    });
  }).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  return {
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        if (child.connected) child.send('stop');
        else child.kill('SIGTERM');
      }),
  };
}

/* Everything to undo, whatever happened: the app, the pools, the databases, the data directory. */
const toClose: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | undefined;
let interrupted = false;
function cleanup() {
  cleaning ??= (async () => {
    for (const close of toClose.reverse()) await close().catch(() => {});
    for (const name of [eventsDb, pgbenchDb]) {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`).catch((err) =>
        console.error(`could not drop ${name}: ${err.message}`),
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

interface PhaseReport {
  label: string;
  seconds: number;
  recorded: number;
  recordedPerSecond: number;
  failed: number;
  call: Quantiles;
  toDispatch: Quantiles;
  undispatchedAtEnd: number;
  cpu?: CpuShares;
  subscribers: Record<
    string,
    {
      expected: number;
      handled: number;
      duringLoad: number;
      deliveredPerSecond: number;
      backlogAtEnd: number;
      drainSeconds: number;
      latency: Quantiles;
      jobs: number;
      eventsPerJob: number;
      jobWaitP50: number;
      jobWaitMax: number;
      handlerMsPerEvent: number;
      retriedJobs: number;
    }
  >;
  drained: boolean;
}

const loadBefore = load();

async function main() {
  const pgbench = pgbenchPath();
  const url = databaseUrl(adminUrl, eventsDb);
  await adminQuery(adminUrl, `create database ${eventsDb}`);
  await adminQuery(adminUrl, `create database ${pgbenchDb}`);
  await execFile(pgbench, ['-i', '-q', databaseUrl(adminUrl, pgbenchDb)]);

  const database: Database = createDatabase({ url, poolSize: producers + 2 });
  toClose.push(() => database.close());
  const { db } = database;
  // The schema as the app would migrate it, and our studio's provider row (the wallet plugin's seed): the
  // baselines without consumers run before the app starts.
  await database.migrate();
  await seedWalletProviders(db);
  const monitor = new pg.Pool({ connectionString: url, max: 2 });
  toClose.push(() => monitor.end());
  const query = async <T>(text: string, values: unknown[] = []) =>
    (await monitor.query(text, values)).rows as T[];
  const wallet = createWalletService({ db });

  // Players who exist as accounts (bonuses evaluate only those; a notice needs its user), each with a
  // balance and a game session.
  process.stdout.write(`setting up ${playerCount} players… `);
  const userIds = Array.from({ length: playerCount }, () => randomUUID());
  for (let i = 0; i < userIds.length; i += 500) {
    const batch = userIds.slice(i, i + 500);
    await query(
      `insert into users (id, email, password_hash)
       select id, 'bench-' || id || '@paws.local', 'x' from unnest($1::uuid[]) as id`,
      [batch],
    );
  }
  const players: Array<{ userId: string; token: string }> = [];
  for (let i = 0; i < userIds.length; i += 50) {
    players.push(
      ...(await Promise.all(
        userIds.slice(i, i + 50).map(async (userId) => {
          await wallet.deposit({ userId, currency: 'USD', amount: 100_000_000, key: `bench-${userId}` });
          const { token } = await wallet.createGameSession({
            userId,
            currency: 'USD',
            gameCode: 'bench',
            providerCode: STUDIO_PROVIDER.code,
          });
          return { userId, token };
        }),
      )),
    );
  }
  await query(
    `create table bench_plain_events (like domain_events including defaults including indexes including constraints)`,
  );
  await query('vacuum analyze');
  console.log('done');

  const pick = () => players[Math.floor(Math.random() * players.length)]!;
  /** One win in twenty pays ×10 the stake (a notice), the others 1.5× or nothing. */
  const winAmount = (n: number) => (n % 20 === 7 ? 10 * STAKE : n % 2 === 0 ? 0 : (3 * STAKE) / 2);

  async function walletRound(phase: Phase, n: number) {
    const player = pick();
    const roundId = `${phase.prefix}${n}`;
    const common = {
      providerCode: STUDIO_PROVIDER.code,
      roundId,
      sessionToken: player.token,
      userId: player.userId,
      currency: 'USD' as const,
      gameCode: 'bench',
    };
    let started = performance.now();
    await wallet.bet({ ...common, transactionId: `${roundId}.b`, amount: STAKE });
    committed(phase, 'BET', roundId, started);
    started = performance.now();
    await wallet.win({
      ...common,
      transactionId: `${roundId}.w`,
      referenceTransactionId: `${roundId}.b`,
      amount: winAmount(n),
    });
    committed(phase, 'WIN', roundId, started);
  }

  /** The same event as a round's bet or win, recorded alone (no ledger), in the outbox or the plain copy. */
  async function rawEvent(phase: Phase, n: number, into: 'outbox' | 'plain') {
    const kind: Kind = n % 2 === 0 ? 'BET' : 'WIN';
    const roundId = `${phase.prefix}${n}`;
    const payload: DomainEventPayload<'wallet.moved'> = {
      kind,
      userId: pick().userId,
      currency: 'USD',
      amount: kind === 'BET' ? -STAKE : (3 * STAKE) / 2,
      balance: 0,
      ledgerTransactionId: randomUUID(),
      at: new Date().toISOString(),
      game: { providerCode: 'bench-raw', gameCode: 'bench', roundId },
    };
    const started = performance.now();
    if (into === 'outbox') {
      await db.transaction(async (tx) => {
        await recordEvent(tx, 'wallet.moved', payload);
      });
      committed(phase, kind, roundId, started);
      return;
    }
    // recordEvent's work (contract check, UUIDv7, one insert) against the copy without trigger or reader.
    await db.transaction(async (tx) => {
      await tx.insert(plainEvents).values({
        id: uuidv7(),
        name: 'wallet.moved',
        payload: domainEventSchemas['wallet.moved'].parse(payload),
      });
    });
    phase.commits.set(`${kind}:${roundId}`, Date.now());
    phase.callMs.push(performance.now() - started);
  }

  const phaseWhere = `e.id >= $1::uuid and e.name = 'wallet.moved' and starts_with(e.payload->'game'->>'roundId', $2)`;
  const phaseParams = (phase: Phase) => [uuidFloor(phase.startedAt - 1000), phase.prefix];

  async function handledCounts(phase: Phase) {
    const rows = await query<{ subscriber: string; n: number }>(
      `select i.subscriber, count(*)::int as n
       from domain_events e join event_inbox i on i.event_id = e.id
       where ${phaseWhere} and i.handled_at >= to_timestamp($3::float8 / 1000)
       group by 1`,
      [...phaseParams(phase), phase.startedAt - 1000],
    );
    return Object.fromEntries(rows.map((r) => [r.subscriber, r.n])) as Record<string, number>;
  }

  /** Waits until every subscriber has handled every event of the phase it was given. */
  async function drain(phase: Phase) {
    const deadline = Date.now() + drainTimeoutMs;
    for (;;) {
      const counts = await handledCounts(phase);
      if (subscriberNames.every((name) => (counts[name] ?? 0) >= phase.expected[name])) {
        phase.drained = true;
        break;
      }
      if (Date.now() > deadline) {
        phase.drained = false;
        console.error(
          `  ${phase.label}: not drained after ${drainTimeoutMs / 1000} s: ` +
            subscriberNames.map((n) => `${n} ${counts[n] ?? 0}/${phase.expected[n]}`).join(', '),
        );
        break;
      }
      await sleep(250);
    }
    phase.drainedAt = Date.now();
  }

  async function report(phase: Phase): Promise<PhaseReport> {
    const loadSeconds = (phase.endedAt - phase.startedAt) / 1000;
    const handled = await query<{ kind: Kind; round: string; subscriber: string; handled: number }>(
      `select e.payload->>'kind' as kind, e.payload->'game'->>'roundId' as round, i.subscriber,
         (extract(epoch from i.handled_at) * 1000)::float8 as handled
       from domain_events e join event_inbox i on i.event_id = e.id
       where ${phaseWhere}`,
      phaseParams(phase),
    );
    const dispatched = await query<{ kind: Kind; round: string; dispatched: number | null }>(
      `select e.payload->>'kind' as kind, e.payload->'game'->>'roundId' as round,
         (extract(epoch from e.dispatched_at) * 1000)::float8 as dispatched
       from domain_events e where ${phaseWhere}`,
      phaseParams(phase),
    );
    const jobs = await query<{
      name: string;
      jobs: number;
      events: number;
      wait_p50: number | null;
      wait_max: number | null;
      busy_ms: number | null;
      retried: number;
    }>(
      `select name, count(*)::int as jobs,
         coalesce(sum(jsonb_array_length(data->'events')), 0)::int as events,
         (percentile_cont(0.5) within group (order by extract(epoch from started_on - created_on)) * 1000)::float8 as wait_p50,
         (max(extract(epoch from started_on - created_on)) * 1000)::float8 as wait_max,
         (sum(extract(epoch from completed_on - started_on)) * 1000)::float8 as busy_ms,
         count(*) filter (where retry_count > 0 or state = 'failed')::int as retried
       from pgboss.job
       where name like 'event.%' and created_on >= to_timestamp($1::float8 / 1000)
         and created_on <= to_timestamp($2::float8 / 1000)
       group by name`,
      [phase.startedAt - 500, (phase.drainedAt ?? Date.now()) + 500],
    );

    const toDispatch: number[] = [];
    let undispatchedAtEnd = 0;
    for (const row of dispatched) {
      const commit = phase.commits.get(`${row.kind}:${row.round}`);
      if (row.dispatched === null || row.dispatched > phase.endedAt) undispatchedAtEnd++;
      if (commit !== undefined && row.dispatched !== null) toDispatch.push(row.dispatched - commit);
    }
    const subscribers: PhaseReport['subscribers'] = {};
    for (const name of subscriberNames) {
      const rows = handled.filter((r) => r.subscriber === name);
      const latency: number[] = [];
      let duringLoad = 0;
      let last = phase.endedAt;
      for (const row of rows) {
        const commit = phase.commits.get(`${row.kind}:${row.round}`);
        if (commit !== undefined) latency.push(row.handled - commit);
        if (row.handled <= phase.endedAt) duringLoad++;
        if (row.handled > last) last = row.handled;
      }
      const job = jobs.find((j) => j.name === `event.${name}`);
      const drainSeconds = (last - phase.endedAt) / 1000;
      subscribers[name] = {
        expected: phase.expected[name],
        handled: rows.length,
        duringLoad,
        deliveredPerSecond: duringLoad / loadSeconds,
        backlogAtEnd: phase.expected[name] - duringLoad,
        drainSeconds,
        latency: quantiles(latency),
        jobs: job?.jobs ?? 0,
        eventsPerJob: job && job.jobs > 0 ? job.events / job.jobs : 0,
        jobWaitP50: job?.wait_p50 ?? Number.NaN,
        jobWaitMax: job?.wait_max ?? Number.NaN,
        handlerMsPerEvent: job && job.events > 0 ? (job.busy_ms ?? 0) / job.events : Number.NaN,
        retriedJobs: job?.retried ?? 0,
      };
    }
    return {
      label: phase.label,
      seconds: loadSeconds,
      recorded: phase.commits.size,
      recordedPerSecond: phase.commits.size / loadSeconds,
      failed: phase.failed,
      call: quantiles(phase.callMs),
      toDispatch: quantiles(toDispatch),
      undispatchedAtEnd,
      subscribers,
      drained: phase.drained ?? false,
      cpu: phase.cpu,
    };
  }

  const f = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '–');
  const cpuText = (cpu: CpuShares | undefined) =>
    cpu
      ? `CPU: ${Number.isFinite(cpu.app) ? `app process ${f(cpu.app * 100)}% of a core, ` : ''}producer ` +
        `${f(cpu.producer * 100)}% of a core, machine ${f(cpu.machine * 100)}% busy`
      : '';
  function printPhase(r: PhaseReport) {
    console.log(
      `  ${r.label}: ${r.recorded} events in ${f(r.seconds, 1)} s = ${f(r.recordedPerSecond)} recorded/s ` +
        `(${r.failed} failed; producer call p50 ${f(r.call.p50, 1)} ms, p99 ${f(r.call.p99, 1)} ms); ` +
        `not yet dispatched when the load stopped: ${r.undispatchedAtEnd}`,
    );
    console.log(`    load + drain ${cpuText(r.cpu)}`);
    for (const [name, s] of Object.entries(r.subscribers)) {
      console.log(
        `    ${name}: ${s.handled}/${s.expected} handled, ${f(s.deliveredPerSecond)}/s during load, backlog ` +
          `${s.backlogAtEnd} drained in ${f(s.drainSeconds, 1)} s; latency p50 ${f(s.latency.p50)} ms, p99 ` +
          `${f(s.latency.p99)} ms; ${s.jobs} jobs of ${f(s.eventsPerJob, 1)} events, handler ` +
          `${f(s.handlerMsPerEvent, 2)} ms/event${s.retriedJobs ? `, ${s.retriedJobs} jobs retried` : ''}`,
      );
    }
  }

  const reports: PhaseReport[] = [];
  let app: Running | undefined;
  /** Load, then drain (when it has subscribers), with the CPU spent meanwhile. */
  async function measured(phase: Phase, run: () => Promise<void>, delivers = true) {
    await adminQuery(adminUrl, 'checkpoint');
    const meter = cpuMeter(app?.pid);
    await run();
    if (delivers) await drain(phase);
    phase.cpu = meter();
    if (!delivers) {
      const rate = phase.commits.size / ((phase.endedAt - phase.startedAt) / 1000);
      const call = quantiles(phase.callMs);
      console.log(
        `  ${phase.label}: ${f(rate)} tx/s (${phase.failed} failed; call p50 ${f(call.p50, 1)} ms, p99 ` +
          `${f(call.p99, 1)} ms); ${cpuText(phase.cpu)}`,
      );
      return rate;
    }
    reports.push(await report(phase));
    printPhase(reports.at(-1)!);
    return reports.at(-1)!.recordedPerSecond;
  }

  // Baselines, before the app (no dispatcher, no subscriber) runs; a warm-up first caches the plans.
  console.log(
    `baselines without consumers (the app not started yet), ${producers} producers, ${seconds} s each`,
  );
  const coldWarm = newPhase('warm-up (no consumers)', 'V');
  await closedLoop(coldWarm, warmupSeconds * 1000, (n) => walletRound(coldWarm, n));
  await query('analyze');
  const quietWallet = newPhase('wallet, no consumers', 'Q');
  const quietWalletRate = await measured(
    quietWallet,
    () => closedLoop(quietWallet, seconds * 1000, (n) => walletRound(quietWallet, n)),
    false,
  );
  const quietRaw = newPhase('raw recordEvent, no consumers', 'S');
  const quietRawRate = await measured(
    quietRaw,
    () => closedLoop(quietRaw, seconds * 1000, (n) => rawEvent(quietRaw, n, 'outbox')),
    false,
  );
  const plain = newPhase('plain insert (no outbox)', 'P');
  const plainRate = await measured(
    plain,
    () => closedLoop(plain, seconds * 1000, (n) => rawEvent(plain, n, 'plain')),
    false,
  );
  /** A pgbench run of `args` on `url`: its tps, and how busy the machine was meanwhile. */
  async function pgbenchRun(args: string[], target: string) {
    await adminQuery(adminUrl, 'checkpoint');
    const meter = cpuMeter(undefined);
    const { stdout } = await execFile(pgbench, [
      ...args,
      '-c',
      String(producers),
      '-j',
      '2',
      '-T',
      String(seconds),
      target,
    ]);
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
    if (!Number.isFinite(tps)) throw new Error(`could not read pgbench output:\n${stdout}`);
    return { tps, machine: meter().machine };
  }
  const simple = await pgbenchRun(['-b', 'simple-update'], databaseUrl(adminUrl, pgbenchDb));
  const pgbenchTps = simple.tps;
  console.log(
    `  pgbench -b simple-update -c ${producers} -j 2 -T ${seconds}: ${f(pgbenchTps)} tps; machine ` +
      `${f(simple.machine * 100)}% busy`,
  );
  // The outbox's own cost without Node in the way: one single-statement insert of an event-sized row per
  // transaction, into domain_events (its NOTIFY trigger fires) and into the plain copy (no trigger).
  const probePayload = JSON.stringify({
    kind: 'BET',
    userId: randomUUID(),
    currency: 'USD',
    amount: -STAKE,
    balance: 99_999_900,
    ledgerTransactionId: randomUUID(),
    at: new Date().toISOString(),
    game: { providerCode: STUDIO_PROVIDER.code, gameCode: 'bench', roundId: 'probe' },
  });
  const probe = async (table: string) => {
    const script = join(dataDir, `${table}.sql`);
    writeFileSync(
      script,
      `insert into ${table} (id, name, payload) values (gen_random_uuid(), 'bench.probe', '${probePayload}'::jsonb);\n`,
    );
    return pgbenchRun(['-n', '-f', script], url);
  };
  const sqlPlain = await probe('bench_plain_events');
  const sqlOutbox = await probe('domain_events');
  console.log(
    `  pgbench, one insert per transaction: plain copy ${f(sqlPlain.tps)} tps, domain_events (NOTIFY trigger) ` +
      `${f(sqlOutbox.tps)} tps: ratio ${f(sqlOutbox.tps / sqlPlain.tps, 2)}`,
  );
  // The baselines' events are no one's: stamped dispatched, so the app starts with an empty outbox.
  await query('update domain_events set dispatched_at = now() where dispatched_at is null');
  await query('vacuum analyze');

  process.stdout.write('starting the app (SERVICES=all) in its own process… ');
  const started = performance.now();
  const running = await startApp(url);
  app = running;
  toClose.push(() => running.stop());
  console.log(`ready in ${f((performance.now() - started) / 1000, 1)} s`);

  // Warm-up with consumers: plans cached on both sides, first-bet bonuses credited.
  console.log(`warm-up: ${producers} producers for ${warmupSeconds} s, then drained`);
  const warm = newPhase('warm-up', 'U');
  await closedLoop(warm, warmupSeconds * 1000, (n) => walletRound(warm, n));
  await drain(warm);
  console.log(
    `  ${warm.commits.size} events, drained ${f(((warm.drainedAt ?? warm.endedAt) - warm.endedAt) / 1000, 1)} s after the load`,
  );
  await query('analyze');

  console.log(`light: wallet rounds paced at ${lightRate} events/s for ${lightSeconds} s`);
  const light = newPhase('light (paced)', 'L');
  await measured(light, () => paced(light, lightRate / 2, lightSeconds * 1000, (n) => walletRound(light, n)));

  console.log(`wallet: ${producers} producers betting for ${seconds} s`);
  const full = newPhase('wallet (full load)', 'W');
  await measured(full, () => closedLoop(full, seconds * 1000, (n) => walletRound(full, n)));

  console.log(`raw: ${producers} producers recording events alone for ${seconds} s`);
  const raw = newPhase('raw recordEvent (full load)', 'R');
  await measured(raw, () => closedLoop(raw, seconds * 1000, (n) => rawEvent(raw, n, 'outbox')));

  const [lightR, fullR, rawR] = reports as [PhaseReport, PhaseReport, PhaseReport];

  // The tables.
  const table = (headers: string[], rows: string[][]) => {
    const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(headers));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const r of rows) console.log(line(r));
  };
  console.log('');
  console.log(
    `Throughput (${producers} producers, ${seconds} s; delivered = event_inbox rows; backlog when the load stopped)`,
  );
  const throughputRows: string[][] = [];
  for (const r of [fullR, rawR, lightR]) {
    throughputRows.push([
      r.label,
      f(r.recordedPerSecond),
      ...subscriberNames.flatMap((name) => {
        const s = r.subscribers[name]!;
        return [f(s.deliveredPerSecond), String(s.backlogAtEnd), f(s.drainSeconds, 1)];
      }),
      String(r.undispatchedAtEnd),
    ]);
  }
  table(
    [
      'phase',
      'recorded/s',
      ...subscriberNames.flatMap((name) => [`${name}/s`, 'backlog', 'drain s']),
      'undispatched',
    ],
    throughputRows,
  );
  console.log('');
  console.log(
    'Latency, producer commit → subscriber handled (ms; bonuses: after its handler, notices: its transaction start)',
  );
  const latencyRows: string[][] = [];
  for (const r of [lightR, fullR, rawR]) {
    for (const name of subscriberNames) {
      const q = r.subscribers[name]!.latency;
      latencyRows.push([r.label, name, String(q.n), f(q.p50), f(q.p90), f(q.p99), f(q.max)]);
    }
    const d = r.toDispatch;
    latencyRows.push([r.label, '(to dispatch)', String(d.n), f(d.p50), f(d.p90), f(d.p99), f(d.max)]);
  }
  table(['phase', 'subscriber', 'events', 'p50', 'p90', 'p99', 'max'], latencyRows);
  console.log('');
  console.log(
    'Delivery jobs (pg-boss): events per job, wait before a worker took it, handler time per event',
  );
  const jobRows: string[][] = [];
  for (const r of [lightR, fullR, rawR]) {
    for (const name of subscriberNames) {
      const s = r.subscribers[name]!;
      jobRows.push([
        r.label,
        name,
        String(s.jobs),
        f(s.eventsPerJob, 1),
        f(s.jobWaitP50),
        f(s.jobWaitMax),
        f(s.handlerMsPerEvent, 2),
        String(s.retriedJobs),
      ]);
    }
  }
  table(
    ['phase', 'subscriber', 'jobs', 'events/job', 'wait p50 ms', 'wait max ms', 'ms/event', 'retried'],
    jobRows,
  );
  console.log('');
  const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
  /** A subscriber's handled/s during the load over the rate its own events were recorded at. */
  const keptUp = (r: PhaseReport, name: SubscriberName) =>
    ratio(
      r.subscribers[name]!.deliveredPerSecond,
      (r.recordedPerSecond * r.subscribers[name]!.expected) / Math.max(1, r.recorded),
    );
  const ratios = {
    walletOverPgbench: ratio(fullR.recordedPerSecond, pgbenchTps),
    walletQuietOverPgbench: ratio(quietWalletRate, pgbenchTps),
    walletWithOverWithoutConsumers: ratio(fullR.recordedPerSecond, quietWalletRate),
    rawQuietOverPlainInsert: ratio(quietRawRate, plainRate),
    rawOverPlainInsert: ratio(rawR.recordedPerSecond, plainRate),
    rawWithOverWithoutConsumers: ratio(rawR.recordedPerSecond, quietRawRate),
    walletKeptUp: Object.fromEntries(subscriberNames.map((name) => [name, keptUp(fullR, name)])),
    rawKeptUp: Object.fromEntries(subscriberNames.map((name) => [name, keptUp(rawR, name)])),
  };
  table(
    ['baselines and ratios', 'value'],
    [
      ['pgbench simple-update tps (no app)', f(pgbenchTps)],
      ['wallet rounds, events recorded/s, no consumers', f(quietWalletRate)],
      ['raw recordEvent tx/s, no consumers', f(quietRawRate)],
      ['plain insert tx/s (the raw transaction without the outbox)', f(plainRate)],
      ['pgbench insert into the plain copy tps', f(sqlPlain.tps)],
      ['pgbench insert into domain_events (NOTIFY trigger) tps', f(sqlOutbox.tps)],
      ['pgbench insert, with ÷ without the NOTIFY trigger', f(ratio(sqlOutbox.tps, sqlPlain.tps), 2)],
      ['wallet recorded/s with consumers ÷ pgbench tps', f(ratios.walletOverPgbench, 2)],
      ['wallet recorded/s without consumers ÷ pgbench tps', f(ratios.walletQuietOverPgbench, 2)],
      ['wallet recorded/s with ÷ without consumers', f(ratios.walletWithOverWithoutConsumers, 2)],
      ['raw recordEvent without consumers ÷ plain insert', f(ratios.rawQuietOverPlainInsert, 2)],
      ['raw recordEvent with consumers ÷ plain insert', f(ratios.rawOverPlainInsert, 2)],
      ['raw recordEvent with ÷ without consumers', f(ratios.rawWithOverWithoutConsumers, 2)],
      ...subscriberNames.map((name) => [
        `wallet: ${name} handled/s ÷ its events recorded/s`,
        f(ratios.walletKeptUp[name] as number, 2),
      ]),
      ...subscriberNames.map((name) => [
        `raw: ${name} handled/s ÷ its events recorded/s`,
        f(ratios.rawKeptUp[name] as number, 2),
      ]),
    ],
  );
  console.log('');
  table(
    ['CPU, load (+ drain)', 'seconds', 'app process % of a core', 'producer % of a core', 'machine % busy'],
    [quietWallet, quietRaw, plain, light, full, raw].map((phase) => [
      phase.label,
      f(((phase.drainedAt ?? phase.endedAt) - phase.startedAt) / 1000, 1),
      f((phase.cpu?.app ?? Number.NaN) * 100),
      f((phase.cpu?.producer ?? Number.NaN) * 100),
      f((phase.cpu?.machine ?? Number.NaN) * 100),
    ]),
  );
  console.log(`load average before: ${loadBefore}, after: ${load()} (${availableParallelism()} cores)`);

  const round = (v: number, digits = 1) => (Number.isFinite(v) ? Number(v.toFixed(digits)) : null);
  const lat = (q: Quantiles) => ({
    p50: round(q.p50),
    p90: round(q.p90),
    p99: round(q.p99),
    max: round(q.max),
  });
  const perSubscriber = <T>(of: (name: SubscriberName) => T) =>
    Object.fromEntries(subscriberNames.map((name) => [name, of(name)]));
  const loaded = (r: PhaseReport) => ({
    recordedPerSecond: round(r.recordedPerSecond),
    deliveredPerSecond: perSubscriber((n) => round(r.subscribers[n]!.deliveredPerSecond)),
    backlogAtEnd: perSubscriber((n) => r.subscribers[n]!.backlogAtEnd),
    drainSeconds: round(Math.max(...subscriberNames.map((n) => r.subscribers[n]!.drainSeconds))),
    latencyMs: perSubscriber((n) => lat(r.subscribers[n]!.latency)),
    toDispatchMs: lat(r.toDispatch),
  });
  const summary = {
    bench: 'events',
    seconds,
    producers,
    cores: availableParallelism(),
    loadavgBefore: loadBefore.split(' ').map(Number),
    loadavgAfter: loadavg().map((l) => round(l, 2)),
    machineBusyPercent: round((full.cpu?.machine ?? Number.NaN) * 100, 0),
    light: { eventsPerSecond: lightRate, ...loaded(lightR) },
    wallet: loaded(fullR),
    raw: loaded(rawR),
    baseline: {
      pgbenchTps: round(pgbenchTps),
      walletNoConsumersPerSecond: round(quietWalletRate),
      rawNoConsumersPerSecond: round(quietRawRate),
      plainInsertPerSecond: round(plainRate),
      sqlInsertPlainTps: round(sqlPlain.tps),
      sqlInsertOutboxTps: round(sqlOutbox.tps),
    },
    ratios: {
      walletOverPgbench: round(ratios.walletOverPgbench, 3),
      walletWithOverWithoutConsumers: round(ratios.walletWithOverWithoutConsumers, 3),
      rawNoConsumersOverPlainInsert: round(ratios.rawQuietOverPlainInsert, 3),
      sqlInsertOutboxOverPlain: round(ratio(sqlOutbox.tps, sqlPlain.tps), 3),
      rawWithOverWithoutConsumers: round(ratios.rawWithOverWithoutConsumers, 3),
    },
    failed: [...reports.map((r) => r.failed), quietWallet.failed, quietRaw.failed, plain.failed].reduce(
      (a, b) => a + b,
      0,
    ),
    drained: reports.every((r) => r.drained),
  };
  console.log(JSON.stringify(summary));
  if (!summary.drained || summary.failed > 0) process.exitCode = 1;
}

console.log(
  `producers ${producers}, ${seconds} s per phase (light ${lightRate} events/s for ${lightSeconds} s, warm-up ` +
    `${warmupSeconds} s), ${playerCount} players, Redis ${redisUrl ? 'on' : 'off'}, ` +
    `${availableParallelism()} cores, load average ${load()}`,
);
try {
  await main();
} catch (err) {
  // Interrupted: the pools closed under the run; cleanup() reports what matters.
  if (!interrupted) console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
