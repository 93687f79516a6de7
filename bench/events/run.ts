/**
 * Domain events through the transactional outbox, end to end: how many events per second the producers
 * commit and the real subscribers handle, how long an event takes from its producer's commit to each
 * subscriber, and the same transactions' rate without the outbox beside them, with the ratios.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run bench:events -w @paws/bench
 *
 * Set-up: a fresh database (dropped at the end, also on error or Ctrl-C); the full app (SERVICES=all, no
 * seed, LOG_LEVEL silent) runs in a child process (events/server.ts): its dispatcher and the two real
 * subscribers, bonuses.progress (batch: merges the batch into each player's bonus counters) and
 * notifications.notices (batch: writes a notice for a notable win). This process is the producer, with its own pool and
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
 * database clock, same machine) minus the producer's Date.now() right after its commit resolved: both
 * subscribers run in batch mode, which stamps the batch's rows after its handler ran, just before commit. "to dispatch" is domain_events.dispatched_at (the dispatcher's transaction start)
 * minus the same commit time. The pg-boss jobs of each phase give the events per job, the wait before a
 * worker took a job and the handler time per event. CPU: the app process's share of one core (/proc), this
 * process's, and how busy the whole machine was (/proc/stat), from the start of the load to the end of the
 * drain; the machine's figure says how far the others on it weigh on every number here.
 *
 * Knobs: BENCH_SECONDS (10), BENCH_PRODUCERS (8), BENCH_LIGHT_RATE (20), BENCH_LIGHT_SECONDS (BENCH_SECONDS),
 * BENCH_WARMUP_SECONDS (3), BENCH_PLAYERS (1000), BENCH_DRAIN_TIMEOUT (120 s), BENCH_POOL (the app's pool;
 * product default), BENCH_LOG_LEVEL (silent; the app's log level).
 *
 * The parts, beside this file: settings.ts (the knobs), setup.ts (databases, players), producers.ts (the
 * transactions), phases.ts (driving a phase), measure.ts (quantiles, CPU), delivery-results.ts (what the
 * subscribers did, from the database), pgbench-baselines.ts, app-process.ts, cleanup.ts, print-results.ts.
 */
import { availableParallelism } from 'node:os';
import { adminQuery } from '../lib/postgres.ts';
import { type Running, startApp } from './app-process.ts';
import { cleanUpOnSignals, cleanup, toClose, wasInterrupted } from './cleanup.ts';
import { deliveryResults, type PhaseReport } from './delivery-results.ts';
import { cpuMeter, load, quantiles } from './measure.ts';
import { pgbenchBaselines } from './pgbench-baselines.ts';
import { closedLoop, newPhase, type Phase, paced } from './phases.ts';
import { cpuText, f, printPhase, printResults } from './print-results.ts';
import { createProducers } from './producers.ts';
import {
  adminUrl,
  lightRate,
  lightSeconds,
  playerCount,
  producers,
  redisUrl,
  seconds,
  warmupSeconds,
} from './settings.ts';
import { setUp } from './setup.ts';

cleanUpOnSignals();
const loadBefore = load();

async function main() {
  const { pgbench, url, db, query, wallet, players } = await setUp();
  const { walletRound, rawEvent } = createProducers({ db, wallet, players });
  const { drain, report } = deliveryResults(query);

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
  const sql = await pgbenchBaselines(pgbench, url);
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
  const summary = printResults({
    loadBefore,
    lightR,
    fullR,
    rawR,
    phases: { quietWallet, quietRaw, plain, light, full, raw },
    baseline: { quietWalletRate, quietRawRate, plainRate, ...sql },
  });
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
  if (!wasInterrupted()) console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
