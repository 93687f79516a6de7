/**
 * The request pipeline and the read paths, side by side with a bare Fastify hello-world on the same Node:
 *
 *   npm run bench                      (embedded database; with DATABASE_URL also PostgreSQL)
 *
 * Each server is a real process in production mode (NODE_ENV=production, default logging, seeded demo data),
 * started as `npm start` starts it (server.ts). Rounds (BENCH_ROUNDS, 3) rotate through the reference and
 * every route, each hit by autocannon with BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (5) after a
 * 1 s warm-up; a route's ratio is its requests/s over the reference's measured just before it, and the table gives
 * the median round. CPU µs per request is the server process's user + system time (from /proc) over the
 * requests it answered, less its idle rate measured for a second just before (its pollers). Non-2xx
 * answers, errors and time-outs are counted and printed: a fast error is not a fast answer. The signed-in read runs on PostgreSQL only (its sessions are written straight to the database), one player
 * per connection.
 * BENCH_ONLY=<text> measures only the routes whose label contains it; BENCH_CPU_PROF=<dir> has each server
 * write a V8 CPU profile there when it stops; BENCH_BASELINE=<a built main.js> runs that build beside the
 * current one, in the same rounds against the same reference ("before" rows).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createPlayers, freePort } from '../lib/cluster.ts';
import { adminQuery, databaseUrl } from '../lib/postgres.ts';
import { cpuSeconds } from './cpu.ts';
import { type PawsServer, startPaws } from './server.ts';

const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const rounds = knob('BENCH_ROUNDS', 3);
const seconds = knob('BENCH_SECONDS', 5);
const connections = knob('BENCH_CONNECTIONS', 50);

interface Target {
  label: string;
  path: string;
  /** One per connection, in turn (signed-in players). */
  cookies?: string[];
}
interface Sample {
  rps: number;
  cpuMicros: number;
  /** Cores the server (net of idle) and autocannon (this process) kept busy: at 1.0 the generator, one
   * thread on the same two cores, sets the pace, and the ratio measures the answer's size as much as the
   * server. */
  serverBusy: number;
  generatorBusy: number;
  /** The process's own CPU while idle just before (its pollers: the events outbox, the job queues), ms/s. */
  idleMillis: number;
  bad: number;
}

/** CPU seconds per second the process uses while nothing is asked of it (over IDLE_SECONDS). */
const IDLE_SECONDS = 1;
async function idleRate(pid: number) {
  const before = cpuSeconds(pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  return (cpuSeconds(pid) - before) / IDLE_SECONDS;
}

/** The bare reference; with `databaseUrl`, it also answers GET /db after one prepared query (bare.mjs). */
async function startBare(databaseUrl?: string) {
  const port = await freePort();
  const args = databaseUrl ? [String(port), databaseUrl] : [String(port)];
  const child = fork(fileURLToPath(new URL('bare.mjs', import.meta.url)), args, { stdio: 'ignore' });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return { child, origin: `http://127.0.0.1:${port}` };
}

async function hit(origin: string, pid: number, target: Target): Promise<Sample> {
  const url = `${origin}${target.path}`;
  const idle = await idleRate(pid);
  let next = 0;
  const { cookies } = target;
  const setupClient = cookies
    ? (client: autocannon.Client) => client.setHeaders({ cookie: cookies[next++ % cookies.length] ?? '' })
    : undefined;
  await autocannon({ url, connections, duration: 1, setupClient });
  const cpuBefore = cpuSeconds(pid);
  const generatorBefore = process.cpuUsage();
  const result = await autocannon({ url, connections, duration: seconds, setupClient });
  // Net of the idle rate: a poller's CPU is not the request's, and would weigh more on a slower route.
  const cpu = cpuSeconds(pid) - cpuBefore - idle * seconds;
  const generator = process.cpuUsage(generatorBefore);
  const answered = result.requests.total;
  return {
    rps: answered / seconds,
    cpuMicros: answered > 0 ? (cpu * 1e6) / answered : Number.NaN,
    serverBusy: cpu / seconds,
    generatorBusy: (generator.user + generator.system) / 1e6 / seconds,
    idleMillis: idle * 1000,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const busy = (samples: Sample[]) =>
  `${median(samples.map((s) => s.serverBusy)).toFixed(2)}/${median(samples.map((s) => s.generatorBusy)).toFixed(2)}`;

// BENCH_ONLY=<text>: only the routes whose label contains it.
const only = process.env.BENCH_ONLY;

/** A process to measure: ours, or a reference. */
type Measured = Pick<PawsServer, 'label' | 'origin' | 'pid'>;

async function measure(bare: { origin: string; child: ChildProcess }, servers: Measured[], all: Target[]) {
  const targets = only ? all.filter((target) => target.label.includes(only)) : all;
  // Each sample beside the reference measured just before it: the machine's speed drifts within a run
  // (other work on the shared cores), and a reference taken once per round let a route's ratio swing by
  // a fifth with it.
  const samples = new Map<string, { own: Sample; reference: Sample }[]>();
  const key = (paws: Measured, target: Target) => `${paws.label} ${target.label}`;
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const reference = await hit(bare.origin, bare.child.pid as number, { label: 'bare', path: '/' });
      for (const paws of servers) {
        const own = await hit(paws.origin, paws.pid, target);
        samples.set(key(paws, target), [...(samples.get(key(paws, target)) ?? []), { own, reference }]);
      }
    }
  }
  return targets.flatMap((target) =>
    servers.map((paws) => {
      const pairs = samples.get(key(paws, target)) ?? [];
      const own = pairs.map((pair) => pair.own);
      const reference = pairs.map((pair) => pair.reference);
      return {
        route: key(paws, target),
        'req/s': Math.round(median(own.map((s) => s.rps))),
        'bare req/s': Math.round(median(reference.map((s) => s.rps))),
        ratio: Number(median(pairs.map((pair) => pair.own.rps / pair.reference.rps)).toFixed(3)),
        'CPU µs/req': Math.round(median(own.map((s) => s.cpuMicros))),
        'bare CPU µs/req': Math.round(median(reference.map((s) => s.cpuMicros))),
        'idle CPU ms/s': Math.round(median(own.map((s) => s.idleMillis))),
        'busy: server/generator (bare)': `${busy(own)} (${busy(reference)})`,
        'non-2xx/errors': own.reduce((sum, s) => sum + s.bad, 0),
      };
    }),
  );
}

// BENCH_BASELINE=<built main.js>: the same routes on that server too (the build before a change), in the
// same rounds, labelled "before".
const baseline = process.env.BENCH_BASELINE;

/** The server under test and, with BENCH_BASELINE, the baseline one beside it; stops both after `use`. */
async function withServers<T>(
  options: Omit<Parameters<typeof startPaws>[0], 'label' | 'entry'> & { label: string },
  use: (servers: PawsServer[]) => Promise<T>,
): Promise<T> {
  const servers = [await startPaws(options)];
  try {
    if (baseline)
      servers.push(
        await startPaws({
          ...options,
          label: `${options.label} before`,
          entry: baseline,
          dataDir: undefined,
        }),
      );
    return await use(servers);
  } finally {
    for (const server of servers) await server.stop();
  }
}

const publicTargets: Target[] = [
  { label: 'GET /healthz', path: '/healthz' },
  { label: 'GET /api/platform/catalog', path: '/api/platform/catalog' },
  { label: 'GET /api/news/posts', path: '/api/news/posts?page=1&limit=9' },
  { label: 'GET /api/news/posts?search', path: '/api/news/posts?page=1&limit=9&search=roulette' },
];

const rows: Record<string, unknown>[] = [];
const startTimes: Record<string, unknown>[] = [];
const bare = await startBare();
try {
  let embeddedDir = '';
  await withServers({ label: 'embedded' }, async (servers) => {
    startTimes.push({ server: 'embedded', 'first start s': servers[0]?.startSeconds });
    embeddedDir = servers[0]?.dataDir ?? '';
    rows.push(...(await measure(bare, servers, publicTargets)));
  });
  const again = await startPaws({ label: 'embedded', dataDir: embeddedDir });
  startTimes.push({ server: 'embedded', 'second start s': again.startSeconds });
  await again.stop();

  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `paws_bench_pipeline_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    try {
      const url = databaseUrl(adminUrl, name);
      const secret = randomBytes(32).toString('hex');
      // Beside them, bare Fastify asking PostgreSQL once per request: what one round trip costs on this
      // machine, whatever the pipeline (the signed-in read asks once, for the balances).
      const bareDb = await startBare(url);
      try {
        rows.push(
          ...(await measure(
            bare,
            [{ label: 'bare Fastify', origin: bareDb.origin, pid: bareDb.child.pid as number }],
            [{ label: 'GET /db: one prepared query, the floor of user-data', path: '/db' }],
          )),
        );
      } finally {
        bareDb.child.kill();
      }
      await withServers({ label: 'postgres', databaseUrl: url, secret }, async (servers) => {
        startTimes.push({ server: 'postgres', 'first start s': servers[0]?.startSeconds });
        // A player per connection, as many players' pages ask at once.
        const { players } = await createPlayers(url, secret, connections);
        const cookies = players.map((player) => player.cookie);
        // With money in two currencies, as a player who has deposited and been given a bonus.
        await adminQuery(
          url,
          `insert into wallet_accounts (kind, user_id, currency_code, balance)
           select 'player', u.id, c.code, 100000 from users u cross join (values ('USD'), ('BONUS_USD')) c(code)
           where u.role = 'player' on conflict do nothing`,
        );
        rows.push(
          ...(await measure(bare, servers, [
            ...publicTargets,
            { label: 'GET /readyz (one query)', path: '/readyz' },
            {
              label: 'GET /api/platform/profile/user-data',
              path: '/api/platform/profile/user-data',
              cookies,
            },
          ])),
        );
      });
    } finally {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    }
  }
} finally {
  bare.child.kill();
}

console.log(
  `\nPipeline and read paths: ${rounds} rounds × ${seconds} s, ${connections} connections, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.table(rows);
console.table(startTimes);
