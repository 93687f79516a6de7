import { execFileSync, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { createHttpWalletClient } from '../../apps/server/src/modules/wallet/client.ts';
import { createWalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { deriveProviderSecret } from '../../apps/server/src/modules/wallet/signature.ts';

const KIND = process.env.TICKS ?? 'both';
const ticks = (pid: number) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return KIND === 'user' ? Number(f[11]) : KIND === 'sys' ? Number(f[12]) : Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};
const pgPids = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
const pgTicks = () => pgPids().reduce((a, p) => a + ticks(p), 0);
const total = () => {
  const l = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  return { all: l.reduce((a, b) => a + b, 0), idle: l[3]! + l[4]! };
};
const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
const name = `probe_${Date.now()}`;
await admin.query(`create database ${name}`);
const url = process.env.DATABASE_URL!.replace(/\/[^/]*$/, `/${name}`);
const secret = 'x'.repeat(40);
const child = fork(new URL('./probe-server-min.ts', import.meta.url).pathname, {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_SECRET: secret },
});
const port = await new Promise<number>((r) => child.once('message', (m: { port: number }) => r(m.port)));
const database = createDatabase({ url });
const wallet = createWalletService({ db: database.db });
const sessions: Array<{ userId: string; token: string }> = [];
for (let i = 0; i < 500; i++) {
  const userId = crypto.randomUUID();
  await wallet.deposit({ userId, currency: 'USD', amount: 1e8, key: `k${i}` });
  sessions.push({
    userId,
    token: (
      await wallet.createGameSession({ userId, currency: 'USD', gameCode: 'g', providerCode: 'paws-studio' })
    ).token,
  });
}
const client = createHttpWalletClient({
  baseUrl: `http://127.0.0.1:${port}`,
  providerCode: 'paws-studio',
  secret: deriveProviderSecret(secret, 'paws-studio'),
});
let seq = 0;
const mode = process.env.MODE ?? 'http';
const measure = async (label: string, fn: () => Promise<number>) => {
  const t0 = total();
  const s0 = ticks(child.pid!);
  const m0 = ticks(process.pid);
  const p0 = pgTicks();
  const w0 = performance.now();
  const n = await fn();
  const secs = (performance.now() - w0) / 1000;
  const t1 = total();
  const per = (d: number) => ((d * 10) / n).toFixed(3);
  console.log(
    label,
    'ops/s',
    (n / secs).toFixed(0),
    '| cpu ms/op: server',
    per(ticks(child.pid!) - s0),
    'loadgen',
    per(ticks(process.pid) - m0),
    'postgres',
    per(pgTicks() - p0),
    '| machine busy',
    ((1 - (t1.idle - t0.idle) / (t1.all - t0.all)) * 100).toFixed(0) + '%',
  );
};
await measure(`${mode} C=8`, async () => {
  let ok = 0;
  const until = performance.now() + 8000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < until) {
        const p = sessions[Math.floor(Math.random() * sessions.length)]!;
        const id = `x${seq++}`;
        const body = {
          transactionId: id,
          roundId: id,
          sessionToken: p.token,
          userId: p.userId,
          currency: 'USD' as const,
          amount: 1,
          gameCode: 'g',
        };
        if (mode === 'http') await client.bet(body);
        else await wallet.bet({ ...body, amount: 100, providerCode: 'paws-studio' });
        ok++;
      }
    }),
  );
  return ok;
});
client.close?.();
child.send('stop');
await new Promise((r) => child.once('exit', r));
await database.close();
await admin.query(`create database ${name}_pgb`);
const pgbUrl = process.env.DATABASE_URL!.replace(/\/[^/]*$/, `/${name}_pgb`);
execFileSync('pgbench', ['-i', '-q', pgbUrl], { stdio: 'ignore' });
await measure('pgbench C=8', async () => {
  const out = execFileSync('pgbench', [
    '-b',
    'simple-update',
    '-c',
    '8',
    '-j',
    '2',
    '-T',
    '8',
    pgbUrl,
  ]).toString();
  return Number(/processed: (\d+)/.exec(out)![1]);
});
await admin.query(`drop database ${name} with (force)`);
await admin.query(`drop database ${name}_pgb with (force)`);
await admin.end();
