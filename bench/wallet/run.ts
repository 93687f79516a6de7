/**
 * Bets per second through the signed HTTP seamless-wallet contract, beside `pgbench -b simple-update` on the
 * same PostgreSQL server with the same number of clients, and their ratio.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:wallet -w @paws/bench
 *
 * Knobs: BENCH_CLIENTS (8), BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (3), BENCH_PLAYERS (1000).
 */
import { execFile as execFileCb, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { createHttpWalletClient } from '../../apps/server/src/modules/wallet/client.ts';
import { isWalletError } from '../../apps/server/src/modules/wallet/errors.ts';
import { createWalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { deriveProviderSecret, STUDIO_PROVIDER } from '../../apps/server/src/modules/wallet/signature.ts';

const execFile = promisify(execFileCb);

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('bench:wallet needs DATABASE_URL (a PostgreSQL server it may create databases on).');
  process.exit(1);
}
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const players = Number(process.env.BENCH_PLAYERS ?? 1000);
const secret = randomBytes(32).toString('hex');
const stamp = `${Date.now()}_${randomBytes(3).toString('hex')}`;

function databaseUrl(name: string) {
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function pgbenchPath() {
  for (const dir of ['/usr/bin', '/usr/local/bin']) if (existsSync(`${dir}/pgbench`)) return `${dir}/pgbench`;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort().reverse()) {
      const candidate = `${root}/${version}/bin/pgbench`;
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error('pgbench not found: apt-get install -y postgresql-contrib (or postgresql-client)');
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function startServer(url: string) {
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_SECRET: secret },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

async function benchWallet() {
  const name = `paws_bench_wallet_${stamp}`;
  await admin(`create database ${name}`);
  const url = databaseUrl(name);
  try {
    const server = await startServer(url);
    const database = createDatabase({ url });
    const wallet = createWalletService({ db: database.db });
    try {
      process.stdout.write(`wallet: setting up ${players} players… `);
      const sessions: Array<{ userId: string; token: string }> = [];
      for (let i = 0; i < players; i += 50) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(50, players - i) }, async (_, j) => {
            const userId = crypto.randomUUID();
            await wallet.deposit({ userId, currency: 'USD', amount: 100_000_000, key: `bench-${i + j}` });
            const { token } = await wallet.createGameSession({
              userId,
              currency: 'USD',
              gameCode: 'bench',
              providerCode: STUDIO_PROVIDER.code,
            });
            return { userId, token };
          }),
        );
        sessions.push(...batch);
      }
      await database.db.execute('vacuum analyze');
      await admin('checkpoint');
      console.log('done');

      const client = createHttpWalletClient({
        baseUrl: `http://127.0.0.1:${server.port}`,
        providerCode: STUDIO_PROVIDER.code,
        secret: deriveProviderSecret(secret, STUDIO_PROVIDER.code),
        maxSockets: clients,
      });
      let sequence = 0;
      const run = async (durationMs: number, latencies: number[] | null) => {
        const until = performance.now() + durationMs;
        let ok = 0;
        let failed = 0;
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (performance.now() < until) {
              const player = sessions[Math.floor(Math.random() * sessions.length)]!;
              const id = `b${stamp}-${sequence++}`;
              const started = performance.now();
              try {
                await client.bet({
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
        return { ok, failed };
      };
      await run(warmupSeconds * 1000, null);
      const latencies: number[] = [];
      const started = performance.now();
      const { ok, failed } = await run(seconds * 1000, latencies);
      const elapsed = (performance.now() - started) / 1000;
      client.close?.();
      latencies.sort((a, b) => a - b);

      const [check] = (
        (await database.db.execute(
          `select
             (select count(*) from (select transaction_id from ledger_entries group by transaction_id
               having sum(amount) <> 0) t) as unbalanced,
             (select count(*) from wallet_accounts a where kind = 'player' and balance <>
               (select coalesce(sum(amount), 0) from ledger_entries e where e.account_id = a.id)) as drift`,
        )) as unknown as { rows: Array<{ unbalanced: string; drift: string }> }
      ).rows;
      return {
        betsPerSecond: ok / elapsed,
        ok,
        failed,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        reconciled: Number(check?.unbalanced) === 0 && Number(check?.drift) === 0,
        stop: server.stop,
      };
    } finally {
      await database.close();
    }
  } catch (err) {
    await admin(`drop database if exists ${name} with (force)`);
    throw err;
  } finally {
    // Dropped after the server stopped (below) or on failure above.
    dropAfter.push(name);
  }
}

const dropAfter: string[] = [];

async function benchPgbench() {
  const name = `paws_bench_pgbench_${stamp}`;
  await admin(`create database ${name}`);
  dropAfter.push(name);
  const url = databaseUrl(name);
  const pgbench = pgbenchPath();
  await execFile(pgbench, ['-i', '-q', url]);
  await admin('checkpoint');
  const { stdout } = await execFile(pgbench, [
    '-b',
    'simple-update',
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(seconds),
    url,
  ]);
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`could not read pgbench output:\n${stdout}`);
  return tps;
}

try {
  console.log(`clients ${clients}, ${seconds} s each (wallet warm-up ${warmupSeconds} s)`);
  const wallet = await benchWallet();
  await wallet.stop();
  console.log(
    `wallet bets/s: ${wallet.betsPerSecond.toFixed(0)} (${wallet.ok} bets, ${wallet.failed} failed, ` +
      `p50 ${wallet.p50.toFixed(2)} ms, p99 ${wallet.p99.toFixed(2)} ms, ledger ${wallet.reconciled ? 'reconciles' : 'DOES NOT RECONCILE'})`,
  );
  const tps = await benchPgbench();
  console.log(`pgbench simple-update tps: ${tps.toFixed(0)}`);
  console.log(`ratio wallet/pgbench: ${(wallet.betsPerSecond / tps).toFixed(2)}`);
  if (!wallet.reconciled || wallet.failed > 0) process.exitCode = 1;
} finally {
  for (const name of dropAfter) await admin(`drop database if exists ${name} with (force)`).catch(() => {});
}
