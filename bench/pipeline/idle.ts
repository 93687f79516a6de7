/**
 * An idle server's own CPU, in ms per second: each server is started as `npm start` starts it (server.ts),
 * left alone for IDLE_SETTLE_SECONDS (its start's after-work), then read from /proc over IDLE_SECONDS (10).
 * On the embedded database, and with DATABASE_URL on PostgreSQL too; BENCH_BASELINE=<a built main.js>
 * measures that build beside the current one ("before" rows), one after the other in the same run.
 *
 *   npm run bench:idle -w @paws/bench
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { adminQuery, databaseUrl } from '../lib/postgres.ts';
import { cpuSeconds } from './cpu.ts';
import { startPaws } from './server.ts';

const seconds = Number(process.env.IDLE_SECONDS ?? 10);
const settle = Number(process.env.IDLE_SETTLE_SECONDS ?? 3);
const baseline = process.env.BENCH_BASELINE;
const pause = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

async function idleMillisPerSecond(options: Parameters<typeof startPaws>[0]) {
  const server = await startPaws(options);
  try {
    await pause(settle);
    const before = cpuSeconds(server.pid);
    await pause(seconds);
    return ((cpuSeconds(server.pid) - before) * 1000) / seconds;
  } finally {
    await server.stop();
  }
}

const builds = [
  { label: 'current', entry: undefined },
  ...(baseline ? [{ label: 'before', entry: baseline }] : []),
];
const rows: Record<string, unknown>[] = [];
for (const build of builds) {
  rows.push({
    server: `embedded ${build.label}`,
    'idle CPU ms/s': (await idleMillisPerSecond({ label: build.label, entry: build.entry })).toFixed(1),
  });
}
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  for (const build of builds) {
    const name = `paws_bench_idle_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    try {
      const databaseUrlOfRun = databaseUrl(adminUrl, name);
      const millis = await idleMillisPerSecond({
        label: build.label,
        entry: build.entry,
        databaseUrl: databaseUrlOfRun,
      });
      rows.push({ server: `postgres ${build.label}`, 'idle CPU ms/s': millis.toFixed(1) });
    } finally {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    }
  }
}
console.log(
  `\nIdle CPU over ${seconds} s after ${settle} s, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.table(rows);
