// bench:platform's servers: `npm run cluster` (scripts/cluster.mjs) spawned as it is, two server processes
// behind HAProxy on a fresh database, and everything a run must undo (the cluster, the database), also on
// an error or Ctrl-C.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/cluster.ts';
import { adminQuery } from '../lib/postgres.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Closed in reverse order by cleanup(). */
const toClose: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | undefined;
export const onCleanup = (close: () => Promise<void>) => toClose.push(close);
export function cleanup() {
  cleaning ??= (async () => {
    for (const close of toClose.reverse()) await close().catch((err) => console.error(String(err)));
  })();
  return cleaning;
}
/** SIGINT and SIGTERM clean up, then exit 130. */
export function cleanUpOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
}

/** A fresh database next to the one adminUrl names, dropped by cleanup(). */
export async function freshDatabase(adminUrl: string, name: string) {
  await adminQuery(adminUrl, `create database ${name}`);
  onCleanup(async () => {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  });
}

export interface ClusterNode {
  name: string;
  pid: number;
  /** The process's own platform port (HAProxy's backend), for the lag probe. */
  platformPort: number;
}
export interface Cluster {
  /** The platform face through HAProxy. */
  origin: string;
  nodes: ClusterNode[];
  haproxyPid: number | undefined;
  clusterPid: number;
}

/** Children of `ppid` (Linux /proc), with their command lines. */
function childrenOf(ppid: number) {
  const out: Array<{ pid: number; cmdline: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== ppid) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      out.push({ pid: Number(entry), cmdline });
    } catch {}
  }
  return out;
}

const platformPortOf = (pid: number) => {
  const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  return Number(environ.find((v) => v.startsWith('PLATFORM_PORT='))?.slice('PLATFORM_PORT='.length));
};

/**
 * `node scripts/cluster.mjs --processes N` in production mode on `databaseUrl` and Redis, ready when it
 * prints 'Ctrl-C stops them all.'; stopped (SIGTERM, which stops its processes and HAProxy) by cleanup().
 */
export async function startCluster(options: {
  processes: number;
  databaseUrl: string;
  redisUrl: string;
  secret: string;
}): Promise<Cluster> {
  const [landing, platform, backOffice] = [await freePort(), await freePort(), await freePort()];
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/cluster.mjs', '--processes', String(options.processes)],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SECRET: options.secret,
        STUDIO_WALLET_SECRET: randomBytes(32).toString('hex'),
        PAYMENTS_SANDBOX: 'true',
        // The catalogue (the studio and its games) comes with the seed.
        SEED: 'true',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
        LANDING_PORT: String(landing),
        PLATFORM_PORT: String(platform),
        BACKOFFICE_PORT: String(backOffice),
        LANDING_URL: url(landing),
        PLATFORM_URL: url(platform),
        BACKOFFICE_URL: url(backOffice),
      },
    },
  );
  const clusterPid = child.pid as number;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const pids = childrenOf(clusterPid).map((c) => c.pid);
    child.kill('SIGTERM');
    const timeout = new Promise((resolve) => setTimeout(resolve, 15_000).unref());
    await Promise.race([exited, timeout]);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    }
  });

  await new Promise<void>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('cluster not ready in 180 s')), 180_000);
    child.once('exit', (code) => reject(new Error(`cluster exited at start (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        // The processes' warnings and errors, and the banner, go on with a prefix.
        console.log(`  cluster| ${line}`);
        if (line.includes('Ctrl-C stops them all.')) {
          clearTimeout(timer);
          resolve();
        }
        newline = buffered.indexOf('\n');
      }
    });
  });

  const children = childrenOf(clusterPid);
  const nodes = children
    .filter((c) => c.cmdline.includes('main.js'))
    .map((c) => ({ pid: c.pid, platformPort: platformPortOf(c.pid) }))
    .sort((a, b) => a.pid - b.pid)
    .map((n, i) => ({ name: `node${i + 1}`, ...n }));
  const haproxyPid = children.find((c) => c.cmdline.includes('haproxy'))?.pid;
  return { origin: url(platform), nodes, haproxyPid, clusterPid };
}
