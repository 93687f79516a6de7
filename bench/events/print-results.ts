// What bench:events prints: each phase as it ends, then the tables (throughput, latency, delivery jobs,
// baselines and ratios, CPU) and the one-line JSON summary.
import { availableParallelism, loadavg } from 'node:os';
import type { SubscriberName } from '../../apps/server/src/modules/manifest.ts';
import type { PhaseReport } from './delivery-results.ts';
import { type CpuShares, load, type Quantiles } from './measure.ts';
import { type Phase, subscriberNames } from './phases.ts';
import { lightRate, producers, seconds } from './settings.ts';

export const f = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '–');
export const cpuText = (cpu: CpuShares | undefined) =>
  cpu
    ? `CPU: ${Number.isFinite(cpu.app) ? `app process ${f(cpu.app * 100)}% of a core, ` : ''}producer ` +
      `${f(cpu.producer * 100)}% of a core, machine ${f(cpu.machine * 100)}% busy`
    : '';

export function printPhase(r: PhaseReport) {
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

export interface Results {
  /** The load average when the run began. */
  loadBefore: string;
  /** The phases with consumers, as reported. */
  lightR: PhaseReport;
  fullR: PhaseReport;
  rawR: PhaseReport;
  /** Every measured phase, for the CPU table and the failures. */
  phases: Record<'quietWallet' | 'quietRaw' | 'plain' | 'light' | 'full' | 'raw', Phase>;
  baseline: {
    pgbenchTps: number;
    quietWalletRate: number;
    quietRawRate: number;
    plainRate: number;
    sqlPlainTps: number;
    sqlOutboxTps: number;
  };
}

/** Prints the tables and the JSON summary, and returns the summary. */
export function printResults({ loadBefore, lightR, fullR, rawR, phases, baseline }: Results) {
  const { quietWallet, quietRaw, plain, light, full, raw } = phases;
  const { pgbenchTps, quietWalletRate, quietRawRate, plainRate } = baseline;
  const reports = [lightR, fullR, rawR];
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
    'Latency, producer commit → subscriber handled (ms; stamped after the handler, before its commit)',
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
      ['pgbench insert into the plain copy tps', f(baseline.sqlPlainTps)],
      ['pgbench insert into domain_events (NOTIFY trigger) tps', f(baseline.sqlOutboxTps)],
      [
        'pgbench insert, with ÷ without the NOTIFY trigger',
        f(ratio(baseline.sqlOutboxTps, baseline.sqlPlainTps), 2),
      ],
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
      sqlInsertPlainTps: round(baseline.sqlPlainTps),
      sqlInsertOutboxTps: round(baseline.sqlOutboxTps),
    },
    ratios: {
      walletOverPgbench: round(ratios.walletOverPgbench, 3),
      walletWithOverWithoutConsumers: round(ratios.walletWithOverWithoutConsumers, 3),
      rawNoConsumersOverPlainInsert: round(ratios.rawQuietOverPlainInsert, 3),
      sqlInsertOutboxOverPlain: round(ratio(baseline.sqlOutboxTps, baseline.sqlPlainTps), 3),
      rawWithOverWithoutConsumers: round(ratios.rawWithOverWithoutConsumers, 3),
    },
    failed: [...reports.map((r) => r.failed), quietWallet.failed, quietRaw.failed, plain.failed].reduce(
      (a, b) => a + b,
      0,
    ),
    drained: reports.every((r) => r.drained),
  };
  console.log(JSON.stringify(summary));
  return summary;
}

function table(headers: string[], rows: string[][]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}
