// bench:platform's printing: one block per ramp step, then the verdict and where the time went.
import type { Cluster } from './cluster-process.ts';
import type { DbSample } from './db-sampler.ts';
import { type CpuShares, describe, type Kind, kinds, notHttp, type Recorder } from './metrics.ts';

export const P99_LIMIT_MS = 200;

export interface Step {
  index: number;
  players: number;
  /** Players past their set-up (spinning) when the measured half began. */
  playing?: number;
  seconds: number;
  requestsPerSecond: number;
  http: ReturnType<typeof describe>;
  perKind: Map<Kind, ReturnType<typeof describe>>;
  errors: number;
  errorSamples: string[];
  cpu: CpuShares;
  lag: ReturnType<typeof describe>[];
  passed: boolean;
  /** The step's first half: its new players joining (not in the p99, but their errors fail the step). */
  joining?: { added: number } & ReturnType<Recorder['take']>;
  db?: DbSample;
}

const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const pct = (cores: number) => `${f(cores * 100)}%`;

/** The step's figures from what the recorder and the lag probe gathered during it. */
export function makeStep(
  index: number,
  players: number,
  seconds: number,
  taken: ReturnType<Recorder['take']>,
  cpu: CpuShares,
  lag: ReturnType<typeof describe>[],
): Step {
  const all: number[] = [];
  const perKind = new Map<Kind, ReturnType<typeof describe>>();
  for (const kind of kinds) {
    const samples = taken.samples.get(kind) ?? [];
    if (samples.length > 0) perKind.set(kind, describe(samples));
    if (!notHttp.has(kind)) for (const ms of samples) all.push(ms);
  }
  const http = describe(all);
  const errors = [...taken.errors.values()].reduce((a, b) => a + b, 0);
  return {
    index,
    players,
    seconds,
    requestsPerSecond: http.n / seconds,
    http,
    perKind,
    errors,
    errorSamples: taken.errorSamples,
    cpu,
    lag,
    passed: errors === 0 && http.n > 0 && http.p99 < P99_LIMIT_MS,
  };
}

/** The joining half's errors fail the step too. */
export function withJoining(step: Step, joining: NonNullable<Step['joining']>) {
  const errors = [...joining.errors.values()].reduce((a, b) => a + b, 0);
  step.joining = joining;
  step.errors += errors;
  step.errorSamples.push(...joining.errorSamples);
  if (errors > 0) step.passed = false;
}

const perKindText = (samples: Map<Kind, number[]>) =>
  kinds
    .filter((k) => samples.has(k))
    .map((k) => {
      const d = describe(samples.get(k) ?? []);
      return `${k} ${f(d.p50)}/${f(d.p99)} (${d.n})`;
    })
    .join(', ');
export const dbText = (db: DbSample) =>
  `${f(db.active, 1)} active backends on average; statements ${db.topStatements
    .map((s) => `${f(s.share * 100)}% "${s.statement}"`)
    .join(', ')}; waits ${db.topWaits.map((w) => `${w.wait} ${f(w.share * 100)}%`).join(', ')}`;

/** CPU ms per spin: the bench database's backends (events and jobs included) and the two servers. */
export function cpuPerSpin(step: Step) {
  const spins = step.perKind.get('spin')?.n ?? 0;
  if (spins === 0 || step.seconds <= 0) return undefined;
  const spinsPerSecond = spins / step.seconds;
  const servers = step.cpu.nodes.reduce((a, b) => a + b, 0);
  return {
    spins,
    spinsPerSecond,
    postgres: (step.cpu.postgresOurs * 1000) / spinsPerSecond,
    servers: (servers * 1000) / spinsPerSecond,
  };
}

export function printStep(step: Step, cluster: Cluster) {
  const { cpu } = step;
  console.log(
    `step ${step.index}: ${step.players} players (${step.playing ?? '?'} playing at its half), ${f(step.requestsPerSecond)} req/s, p50 ${f(step.http.p50, 1)} ms, ` +
      `p99 ${f(step.http.p99, 1)} ms, ${step.errors} errors — ${step.passed ? 'passes' : 'FAILS'}`,
  );
  if (step.joining && step.joining.added > 0) {
    console.log(
      `  joining (+${step.joining.added} players, first half): ${perKindText(step.joining.samples)}`,
    );
  }
  const calls = [...step.perKind].map(([kind, d]) => `${kind} ${f(d.p50)}/${f(d.p99)} (${d.n})`);
  console.log(`  p50/p99 ms (n): ${calls.join(', ')}`);
  const nodes = cluster.nodes.map((n, i) => `${n.name} ${pct(cpu.nodes[i] ?? Number.NaN)}`);
  console.log(
    `  CPU (100% = one core): ${nodes.join(', ')}, postgres ${pct(cpu.postgresOurs)} (all postgres ` +
      `${pct(cpu.postgresAll)}), redis ${pct(cpu.redis)}, haproxy ${pct(cpu.haproxy)}, load generator ` +
      `${pct(cpu.loadGenerator)}; machine ${pct(cpu.machine)} of ${cpu.cores * 100}%`,
  );
  const lag = cluster.nodes.map(
    (n, i) => `${n.name} ${f(step.lag[i]?.p50 ?? Number.NaN, 1)}/${f(step.lag[i]?.p99 ?? Number.NaN, 1)}`,
  );
  console.log(`  event-loop lag probe (GET /healthz straight to the process, p50/p99 ms): ${lag.join(', ')}`);
  const perSpin = cpuPerSpin(step);
  if (perSpin) {
    console.log(
      `  CPU per spin (everything the step did, over its spins; independent of other work on the machine): ` +
        `PostgreSQL ${f(perSpin.postgres, 2)} ms, servers ${f(perSpin.servers, 2)} ms (${f(perSpin.spinsPerSecond)} spins/s)` +
        (step.db
          ? `; the bench database's transactions ${f(step.db.commits / perSpin.spins, 2)} and rows written ` +
            `${f(step.db.rowsWritten / perSpin.spins, 1)} per spin`
          : ''),
    );
  }
  if (step.db) console.log(`  PostgreSQL (pg_stat_activity every 100 ms): ${dbText(step.db)}`);
  if (step.db && perSpin) {
    const tables = step.db.tables.slice(0, 12).map((t) => `${t.table} ${f(t.rows / perSpin.spins, 2)}`);
    console.log(`  rows written per spin by table (pg_stat_user_tables): ${tables.join(', ')}`);
  }
  for (const sample of step.errorSamples) console.log(`  error: ${sample}`);
}

/** The verdict line and a paragraph on where the CPU went at the last passing step and the first failing one. */
export function printVerdict(steps: Step[], cluster: Cluster, stopReason: string) {
  const lastPass = [...steps].reverse().find((s) => s.passed);
  const firstFail = steps.find((s) => !s.passed);
  const perNode = lastPass ? Math.floor(lastPass.players / cluster.nodes.length) : 0;
  console.log('');
  console.log(`stopped: ${stopReason}`);
  console.log(`players per node at p99 < ${P99_LIMIT_MS} ms: ${perNode}`);
  console.log('');
  console.log('where the time went:');
  for (const [label, step] of [
    ['last passing step', lastPass],
    ['first failing step', firstFail],
  ] as const) {
    if (!step) continue;
    const { cpu } = step;
    const servers = cpu.nodes.reduce((a, b) => a + b, 0);
    const ours = servers + cpu.postgresOurs + cpu.redis + cpu.haproxy + cpu.loadGenerator;
    const others = Math.max(0, cpu.machine - ours - (cpu.postgresAll - cpu.postgresOurs));
    const share = (c: number) => `${f(c * 100)}% of a core (${f((c / cpu.cores) * 100)}% of the machine)`;
    const slowest = [...step.perKind]
      .filter(([k]) => !notHttp.has(k))
      .sort((a, b) => b[1].p99 - a[1].p99)
      .slice(0, 2)
      .map(([k, d]) => `${k} p99 ${f(d.p99)} ms`);
    const lagP99 = Math.max(...step.lag.map((l) => l.p99));
    console.log(
      `  ${label} (${step.players} players, ${f(step.requestsPerSecond)} req/s): the two servers used ` +
        `${share(servers)}, PostgreSQL's backends on the bench database ${share(cpu.postgresOurs)} (the ` +
        `rest of PostgreSQL ${share(cpu.postgresAll - cpu.postgresOurs)}), Redis ${share(cpu.redis)}, ` +
        `HAProxy ${share(cpu.haproxy)}, this load generator ${share(cpu.loadGenerator)}, everything else on ` +
        `the machine ${share(others)}; the machine was ${f((cpu.machine / cpu.cores) * 100)}% busy. Event-loop ` +
        `lag probe p99 ${f(lagP99, 1)} ms; slowest calls: ${slowest.join(', ')}.`,
    );
    if (step.db) {
      const wal = step.db.topWaits.filter((w) => w.wait.includes('WAL')).reduce((a, w) => a + w.share, 0);
      console.log(
        `    PostgreSQL: ${dbText(step.db)}. ${f(wal * 100)}% of the sampled active time waited on the ` +
          `WAL (a commit's flush to disk or its lock), the rest ran or waited elsewhere.`,
      );
    }
  }
  if (lastPass) {
    const servers = lastPass.cpu.nodes.reduce((a, b) => a + b, 0);
    const perPlayer = servers / lastPass.players;
    const database = lastPass.cpu.postgresOurs / lastPass.players;
    // One process is one event loop: one core at most, kept at 70% busy so that p99 stays low.
    const alone = perPlayer > 0 ? Math.floor(0.7 / perPlayer) : Number.NaN;
    console.log(
      `  per player: ${f(perPlayer * 1000, 2)} ms of server CPU per second and ${f(database * 1000, 2)} ms ` +
        `of PostgreSQL's. With the database elsewhere, one node on a core of its own (at 70% busy, the rest ` +
        `for the event loop's peaks) would hold about ${f(alone)} players, if its database keeps its answers ` +
        `as fast as here (that needs ${f(database * alone * 100)}% of a database core per node).`,
    );
  }
}
