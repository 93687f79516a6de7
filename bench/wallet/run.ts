/**
 * Bets per second through the signed HTTP seamless-wallet contract, beside `pgbench -b simple-update` on the
 * same PostgreSQL server with the same number of clients, and their ratio.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:wallet -w @paws/bench
 *
 * The server app runs in its own process on a fresh database; this process is the provider, betting with
 * the HTTP wallet client from BENCH_CLIENTS concurrent loops. Each round measures the wallet for
 * BENCH_SECONDS, then pgbench for as long; several rounds interleave them so that load from elsewhere on the
 * machine falls on both alike.
 *
 * The wallet runs as a SERVICES=wallet process with DATABASE_POOL_SIZE = BENCH_POOL (default twice the
 * cores); the provider's client keeps one connection per client loop alive.
 *
 * Each round also prints where the machine's CPU went, per bet and per pgbench transaction: PostgreSQL (all of
 * it), the wallet server and this load generator, or pgbench itself, and the share of the machine left idle
 * (cpu-split.ts): a wallet phase that leaves the machine idle is bound by its latency, not by the CPU.
 *
 * Knobs: BENCH_CLIENTS (8), BENCH_SECONDS (20), BENCH_ROUNDS (1), BENCH_WARMUP_SECONDS (3), BENCH_PLAYERS (1000),
 * BENCH_POOL (2 × cores), BENCH_SERVER_NODE_ARGS (extra node flags for the server, e.g. `--cpu-prof`),
 * BENCH_COMPARE_SERVER (the server.ts of another checkout: each round then also measures that wallet, on the
 * same database, between this one and pgbench, for a before/after in one run), BENCH_PERF=1 (the first
 * round's wallet phase sampled by `perf` on the wallet's database backends, their CPU by executor phase:
 * backend-profile.ts).
 */
import { execFile as execFileCb, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { createHttpWalletClient } from '../../apps/server/src/modules/wallet/client.ts';
import { isWalletError } from '../../apps/server/src/modules/wallet/errors.ts';
import { createWalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { STUDIO_PROVIDER } from '../../apps/server/src/modules/wallet/signature.ts';
import { fundPlayers } from '../lib/funded-players.ts';
import { adminQuery, databaseUrl, percentile, pgbenchPath, requireDatabaseUrl } from '../lib/postgres.ts';
import { profileBackends } from './backend-profile.ts';
import { processCpuMs, readCpu, splitOf } from './cpu-split.ts';

const execFile = promisify(execFileCb);

const adminUrl = requireDatabaseUrl('bench:wallet');
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const players = Number(process.env.BENCH_PLAYERS ?? 1000);
const secret = randomBytes(32).toString('hex');
const walletSecret = randomBytes(32).toString('hex');
const stamp = `${Date.now()}_${randomBytes(3).toString('hex')}`;
const walletDb = `paws_bench_wallet_${stamp}`;
const pgbenchDb = `paws_bench_pgbench_${stamp}`;

const compareServer = process.env.BENCH_COMPARE_SERVER;
const profiling = process.env.BENCH_PERF === '1';

/** CPU time (ms) each live process used so far. */
function cpuMs(pids: number[]) {
  const used = new Map<number, number>();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== null) used.set(pid, ms);
  }
  return used;
}

/** The server process and its database backends (named by application_name). */
async function serverPids(
  server: { pid: number; name: string },
  db: ReturnType<typeof createDatabase>['db'],
) {
  const { rows } = (await db.execute(
    `select pid from pg_stat_activity where application_name = '${server.name}'`,
  )) as unknown as { rows: Array<{ pid: number }> };
  return [server.pid, ...rows.map((row) => Number(row.pid))];
}

async function startServer(
  url: string,
  name: string,
  script = fileURLToPath(new URL('./server.ts', import.meta.url)),
) {
  const named = new URL(url);
  named.searchParams.set('application_name', name);
  url = named.toString();
  const child = fork(script, {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_SECRET: secret, BENCH_WALLET_SECRET: walletSecret },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    port,
    name,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

/** Transactions committed in a database so far (the statistics are flushed within a second of each). */
async function commitsIn(name: string) {
  const [row] = await adminQuery(
    adminUrl,
    `select xact_commit from pg_stat_database where datname = '${name}'`,
  );
  return Number(row?.xact_commit ?? 0);
}

async function main() {
  const pgbench = pgbenchPath();
  await adminQuery(adminUrl, `create database ${walletDb}`);
  await adminQuery(adminUrl, `create database ${pgbenchDb}`);
  await execFile(pgbench, ['-i', '-q', databaseUrl(adminUrl, pgbenchDb)]);
  const server = await startServer(databaseUrl(adminUrl, walletDb), 'bench_wallet');
  const other = compareServer
    ? await startServer(databaseUrl(adminUrl, walletDb), 'bench_wallet_compared', compareServer)
    : null;
  const cpuPerBet = { this: [] as number[], compared: [] as number[] };
  const measured = async (which: 'this' | 'compared', run: () => Promise<number>) => {
    const measuredServer = which === 'this' ? server : (other as typeof server);
    const before = cpuMs(await serverPids(measuredServer, database.db));
    const ok = await run();
    // Listed again after: a backend the pool opened meanwhile counts from zero.
    const after = cpuMs(await serverPids(measuredServer, database.db));
    let used = 0;
    for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
    cpuPerBet[which].push((used * 1000) / Math.max(ok, 1));
    return ok;
  };
  const database = createDatabase({ url: databaseUrl(adminUrl, walletDb) });
  const clientOf = (port: number) =>
    createHttpWalletClient({
      baseUrl: `http://127.0.0.1:${port}`,
      providerCode: STUDIO_PROVIDER.code,
      secret: walletSecret,
      maxSockets: clients,
    });
  const client = clientOf(server.port);
  const otherClient = other ? clientOf(other.port) : null;
  const otherRates: number[] = [];
  try {
    const wallet = createWalletService({ db: database.db });
    process.stdout.write(`setting up ${players} players with 1,000,000.00 each… `);
    const sessions = await fundPlayers(
      wallet,
      Array.from({ length: players }, () => randomUUID()),
    );
    await database.db.execute('vacuum analyze');
    console.log('done');

    let sequence = 0;
    let failed = 0;
    const betFor = async (durationMs: number, latencies: number[] | null, through = client) => {
      const until = performance.now() + durationMs;
      let ok = 0;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < until) {
            const player = sessions[Math.floor(Math.random() * sessions.length)]!;
            const id = `b${stamp}-${sequence++}`;
            const started = performance.now();
            try {
              await through.bet({
                transactionId: id,
                roundId: id,
                sessionToken: player.token,
                userId: player.userId,
                currency: 'USD',
                amount: 1,
                gameCode: 'bench',
              });
              ok++;
            } catch (err) {
              failed++;
              if (failed <= 3) console.error(isWalletError(err) ? `${err.code}: ${err.message}` : err);
            }
            latencies?.push(performance.now() - started);
          }
        }),
      );
      return ok;
    };

    await betFor(warmupSeconds * 1000, null);
    if (otherClient) await betFor(warmupSeconds * 1000, null, otherClient);
    // Statistics as a running wallet has them: the call tables were empty at the first analyze, and plans
    // the server cached for empty tables would scan them whole until autovacuum's next analyze.
    await database.db.execute('analyze');
    const results: Array<{ bets: number; tps: number }> = [];
    const latencies: number[] = [];
    let totalBets = 0;
    let totalTx = 0;
    for (let round = 1; round <= rounds; round++) {
      await adminQuery(adminUrl, 'checkpoint');
      const started = performance.now();
      const cpuBefore = readCpu(server.pid);
      const commitsBefore = await commitsIn(walletDb);
      const bet = () => betFor(seconds * 1000, latencies);
      const ok = await measured('this', async () =>
        profiling && round === 1
          ? profileBackends((await serverPids(server, database.db)).slice(1), bet)
          : bet(),
      );
      const walletSplit = splitOf(cpuBefore, readCpu(server.pid), ok, 'generator');
      // Grouped bets share a statement, and so a commit: fewer than one a bet is the batches' size.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const commitsPerBet = ((await commitsIn(walletDb)) - commitsBefore) / Math.max(ok, 1);
      const betsPerSecond = ok / ((performance.now() - started) / 1000);
      totalBets += ok;
      if (otherClient) {
        await adminQuery(adminUrl, 'checkpoint');
        const otherStarted = performance.now();
        const otherOk = await measured('compared', () => betFor(seconds * 1000, null, otherClient));
        otherRates.push(otherOk / ((performance.now() - otherStarted) / 1000));
        console.log(`round ${round}: compared wallet ${otherRates.at(-1)?.toFixed(0)} bets/s`);
      }

      await adminQuery(adminUrl, 'checkpoint');
      const pgbenchBefore = readCpu(server.pid);
      const { stdout } = await execFile(pgbench, [
        '-b',
        'simple-update',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        databaseUrl(adminUrl, pgbenchDb),
      ]);
      const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
      const processed = Number(/processed: (\d+)/.exec(stdout)?.[1]);
      if (!Number.isFinite(tps)) throw new Error(`could not read pgbench output:\n${stdout}`);
      const pgbenchSplit = splitOf(pgbenchBefore, readCpu(server.pid), processed, 'children');
      totalTx += processed;
      results.push({ bets: betsPerSecond, tps });
      console.log(
        `round ${round}: wallet ${betsPerSecond.toFixed(0)} bets/s, pgbench ${tps.toFixed(0)} tps, ` +
          `ratio ${(betsPerSecond / tps).toFixed(2)}`,
      );
      console.log(`  CPU µs per bet: ${walletSplit.text}; ${commitsPerBet.toFixed(2)} commits a bet`);
      console.log(`  CPU µs per pgbench transaction: ${pgbenchSplit.text}`);
      // Were both to use the whole machine, their rates would stand as their CPU per operation does.
      console.log(
        `  ratio at full CPU (pgbench's CPU per transaction / the wallet's per bet): ` +
          `${(pgbenchSplit.allMicros / walletSplit.allMicros).toFixed(2)}`,
      );
    }

    const [check] = (
      (await database.db.execute(
        `select
           (select count(*) from (select transaction_id from ledger_entries group by transaction_id
             having sum(amount) <> 0) t) as unbalanced,
           (select count(*) from wallet_accounts a where kind = 'player' and balance <>
             (select coalesce(sum(amount), 0) from ledger_entries e where e.account_id = a.id)) as drift`,
      )) as unknown as { rows: Array<{ unbalanced: string; drift: string }> }
    ).rows;
    const reconciled = Number(check?.unbalanced) === 0 && Number(check?.drift) === 0;
    latencies.sort((a, b) => a - b);
    const walletRate = totalBets / (rounds * seconds);
    const pgbenchRate = totalTx / (rounds * seconds);
    console.log(
      `wallet bets/s: ${walletRate.toFixed(0)} (${totalBets} bets, ${failed} failed, p50 ${percentile(latencies, 50).toFixed(2)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(2)} ms, ledger ${reconciled ? 'reconciles' : 'DOES NOT RECONCILE'})`,
    );
    console.log(
      `pgbench simple-update tps: ${pgbenchRate.toFixed(0)} (-c ${clients} -j 2 -T ${seconds} × ${rounds})`,
    );
    console.log(`ratio wallet/pgbench: ${(walletRate / pgbenchRate).toFixed(2)}`);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
    console.log(
      `server + its database backends, CPU µs per bet: ${cpuPerBet.this.map((v) => v.toFixed(0)).join(' ')}` +
        (other ? `; compared: ${cpuPerBet.compared.map((v) => v.toFixed(0)).join(' ')}` : '') +
        ` (mean ${mean(cpuPerBet.this).toFixed(0)}${other ? ` vs ${mean(cpuPerBet.compared).toFixed(0)}` : ''})`,
    );
    if (otherRates.length > 0) {
      const otherRate = otherRates.reduce((a, b) => a + b, 0) / otherRates.length;
      console.log(
        `compared wallet bets/s: ${otherRate.toFixed(0)}, ratio to pgbench ${(otherRate / pgbenchRate).toFixed(2)}, ` +
          `this wallet / compared ${(walletRate / otherRate).toFixed(2)}`,
      );
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (!reconciled || failed > 0) process.exitCode = 1;
  } finally {
    await client.close?.();
    await otherClient?.close?.();
    await server.stop();
    await other?.stop();
    await database.close();
  }
}

try {
  console.log(
    `clients ${clients}, ${rounds} round(s) of ${seconds} s each (wallet warm-up ${warmupSeconds} s), ` +
      `wallet pool ${process.env.BENCH_POOL ?? 2 * availableParallelism()}, ${availableParallelism()} cores, ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  await main();
} finally {
  for (const name of [walletDb, pgbenchDb]) {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`).catch(() => {});
  }
}
