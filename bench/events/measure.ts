// Measuring tools of bench:events: quantiles of samples, CPU shares (Linux /proc) and the load average.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { percentile } from '../lib/postgres.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export interface Quantiles {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
export function quantiles(values: number[]): Quantiles {
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
export function cpuMeter(appPid: number | undefined) {
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
export type CpuShares = ReturnType<ReturnType<typeof cpuMeter>>;
