import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU counters (USER_HZ, 100 on Linux). */
const HZ = 100;

function statFields(pid: number | 'self') {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return {
      comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      fields: stat.slice(stat.lastIndexOf(')') + 2).split(' '),
    };
  } catch {
    return null;
  }
}
const ticks = (fields: string[], from: number) => Number(fields[from]) + Number(fields[from + 1]);

/** CPU time (ms, user + system) a live process has used so far, or null when it has ended. */
export function processCpuMs(pid: number): number | null {
  const stat = statFields(pid);
  return stat ? (ticks(stat.fields, 11) * 1000) / HZ : null;
}

/** Where the machine's CPU is at one moment, in ms: by side, and the machine's idle and total. */
export interface CpuReading {
  postgres: number;
  server: number;
  generator: number;
  children: number;
  idle: number;
  total: number;
}

/**
 * All of PostgreSQL (its live processes, and through the postmaster's reaped-children counters the
 * backends that ended meanwhile, such as pgbench's), the wallet server, this load generator, the children
 * this process waited for (pgbench), and the machine's idle and total time.
 */
export function readCpu(serverPid: number): CpuReading {
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statFields(Number(entry));
    if (stat?.comm !== 'postgres') continue;
    postgres += ticks(stat.fields, 11);
    // The postmaster (its parent is not a postgres process) counts the backends it reaped.
    const parent = statFields(Number(stat.fields[1]));
    if (parent?.comm !== 'postgres') postgres += ticks(stat.fields, 13);
  }
  const self = statFields('self');
  const server = statFields(serverPid);
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const ms = (value: number) => (value * 1000) / HZ;
  return {
    postgres: ms(postgres),
    server: ms(server ? ticks(server.fields, 11) : 0),
    generator: ms(self ? ticks(self.fields, 11) : 0),
    children: ms(self ? ticks(self.fields, 13) : 0),
    idle: ms((cpu[3] ?? 0) + (cpu[4] ?? 0)),
    total: ms(cpu.reduce((sum, value) => sum + value, 0)),
  };
}

/** Each side's CPU µs per operation between two readings, and the share of the machine left idle. */
export function describeSplit(
  before: CpuReading,
  after: CpuReading,
  operations: number,
  client: 'generator' | 'children',
) {
  return splitOf(before, after, operations, client).text;
}

/** describeSplit's text, and the CPU µs per operation of every side together. */
export function splitOf(
  before: CpuReading,
  after: CpuReading,
  operations: number,
  client: 'generator' | 'children',
) {
  const per = (key: keyof CpuReading) =>
    (((after[key] - before[key]) * 1000) / Math.max(operations, 1)).toFixed(0);
  const idle = (100 * (after.idle - before.idle)) / Math.max(after.total - before.total, 1);
  const sides =
    client === 'generator'
      ? `PostgreSQL ${per('postgres')}, wallet server ${per('server')}, load generator ${per('generator')}`
      : `PostgreSQL ${per('postgres')}, pgbench ${per('children')}`;
  const all =
    client === 'generator'
      ? after.postgres - before.postgres + after.server - before.server + after.generator - before.generator
      : after.postgres - before.postgres + after.children - before.children;
  const allMicros = (all * 1000) / Math.max(operations, 1);
  return { text: `${sides}; all ${allMicros.toFixed(0)} µs; machine idle ${idle.toFixed(0)} %`, allMicros };
}
