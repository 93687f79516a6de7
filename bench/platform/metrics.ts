// bench:platform's measures: call latencies per kind and step, CPU per process from Linux /proc, and an
// event-loop lag probe on each server process.
import { readdirSync, readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { percentile } from '../lib/postgres.ts';
import type { Cluster } from './cluster-process.ts';

export const kinds = [
  'sign-in',
  'deposit',
  'lobby',
  'open-game',
  'spin',
  'history',
  'ticket',
  'socket',
  'notice',
] as const;
export type Kind = (typeof kinds)[number];
/** Kinds that are not one HTTP call: the socket's connect and the deposit's notification reaching it. */
export const notHttp: ReadonlySet<Kind> = new Set(['socket', 'notice']);

/** Latencies and errors of the current step, per kind; take() hands them over and starts the next. */
export class Recorder {
  samples = new Map<Kind, number[]>();
  errors = new Map<Kind, number>();
  errorSamples: string[] = [];
  add(kind: Kind, ms: number) {
    const list = this.samples.get(kind);
    if (list) list.push(ms);
    else this.samples.set(kind, [ms]);
  }
  fail(kind: Kind, why: string) {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    if (this.errorSamples.length < 5) this.errorSamples.push(`${kind}: ${why}`);
  }
  take() {
    const taken = { samples: this.samples, errors: this.errors, errorSamples: this.errorSamples };
    this.samples = new Map();
    this.errors = new Map();
    this.errorSamples = [];
    return taken;
  }
}

export const describe = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

const ticksPerSecond = 100;
function cpuTicks(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}
function machineTicks() {
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const values = ticks.map(Number);
  const total = values.reduce((a, b) => a + b, 0);
  return { busy: total - (values[3] ?? 0) - (values[4] ?? 0), total };
}
/** PostgreSQL's processes: its backends on our database, and all of them (other databases, writers). */
function postgresPids(database: string) {
  const ours: number[] = [];
  const all: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.startsWith('postgres')) continue;
      all.push(Number(entry));
      if (cmdline.includes(` ${database} `)) ours.push(Number(entry));
    } catch {}
  }
  return { ours, all };
}
function redisPid() {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'redis-server') return Number(entry);
    } catch {}
  }
  return undefined;
}

export interface CpuShares {
  /** Each server process, in cores (1 = one core busy all the time). */
  nodes: number[];
  postgresOurs: number;
  postgresAll: number;
  redis: number;
  haproxy: number;
  loadGenerator: number;
  /** The whole machine's busy time, in cores. */
  machine: number;
  cores: number;
}

/** CPU per process between start() and stop(), in cores; PostgreSQL's processes are read per pid. */
export function cpuMeter(
  cluster: Pick<Cluster, 'haproxyPid'> & { nodes: Array<{ pid: number }> },
  database: string,
) {
  const redis = redisPid();
  const fixed = () => ({
    nodes: cluster.nodes.map((n) => cpuTicks(n.pid)),
    redis: redis === undefined ? Number.NaN : cpuTicks(redis),
    haproxy: cluster.haproxyPid === undefined ? Number.NaN : cpuTicks(cluster.haproxyPid),
    self: process.cpuUsage(),
    machine: machineTicks(),
    at: performance.now(),
  });
  const postgres = () => {
    const { ours, all } = postgresPids(database);
    const ticks = new Map(all.map((pid) => [pid, cpuTicks(pid)]));
    return { ours: new Set(ours), ticks };
  };
  const before = { ...fixed(), pg: postgres() };
  return (): CpuShares => {
    const after = { ...fixed(), pg: postgres() };
    const seconds = (after.at - before.at) / 1000;
    const cores = (ticks: number) => ticks / ticksPerSecond / seconds;
    let postgresOurs = 0;
    let postgresAll = 0;
    for (const [pid, ticks] of after.pg.ticks) {
      // A backend born during the step counts from zero.
      const spent = ticks - (before.pg.ticks.get(pid) ?? 0);
      if (!Number.isFinite(spent)) continue;
      postgresAll += spent;
      if (after.pg.ours.has(pid)) postgresOurs += spent;
    }
    const self =
      (after.self.user + after.self.system - before.self.user - before.self.system) / 1e6 / seconds;
    const machine = after.machine.total - before.machine.total;
    const coreCount = readFileSync('/proc/stat', 'utf8').match(/^cpu\d+ /gm)?.length ?? 1;
    return {
      nodes: after.nodes.map((t, i) => cores(t - (before.nodes[i] ?? 0))),
      postgresOurs: cores(postgresOurs),
      postgresAll: cores(postgresAll),
      redis: cores(after.redis - before.redis),
      haproxy: cores(after.haproxy - before.haproxy),
      loadGenerator: self,
      machine: ((after.machine.busy - before.machine.busy) / machine) * coreCount,
      cores: coreCount,
    };
  };
}

/**
 * Event-loop lag, as seen from outside: GET /healthz (no database, no I/O) straight to each process's own
 * port every 200 ms, on a connection of its own. Its time is the loop's wait plus one small request's cost.
 */
export function lagProbe(cluster: Cluster) {
  const pools = cluster.nodes.map(
    (n) => new Pool(`http://127.0.0.1:${n.platformPort}`, { connections: 1, keepAliveTimeout: 60_000 }),
  );
  let samples: number[][] = cluster.nodes.map(() => []);
  const busy = cluster.nodes.map(() => false);
  const timer = setInterval(() => {
    pools.forEach((pool, i) => {
      if (busy[i]) return;
      busy[i] = true;
      const started = performance.now();
      pool
        .request({ path: '/healthz', method: 'GET' })
        .then((res) => res.body.dump())
        .then(() => samples[i]?.push(performance.now() - started))
        .catch(() => {})
        .finally(() => {
          busy[i] = false;
        });
    });
  }, 200);
  return {
    take() {
      const taken = samples.map(describe);
      samples = cluster.nodes.map(() => []);
      return taken;
    },
    async stop() {
      clearInterval(timer);
      await Promise.all(pools.map((p) => p.close()));
    },
  };
}
