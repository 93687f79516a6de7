import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { Pool } from 'undici';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { createHttpWalletClient } from '../../apps/server/src/modules/wallet/client.ts';
import { createWalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { deriveProviderSecret, signBody } from '../../apps/server/src/modules/wallet/signature.ts';

const ticks = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]);
};
const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
const name = `probe_${Date.now()}`;
await admin.query(`create database ${name}`);
const url = process.env.DATABASE_URL!.replace(/\/[^/]*$/, `/${name}`);
const secret = 'x'.repeat(40);
const child = fork(new URL('./server.ts', import.meta.url).pathname, {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_SECRET: secret },
});
const port = await new Promise<number>((r) => child.once('message', (m: { port: number }) => r(m.port)));
const database = createDatabase({ url });
const wallet = createWalletService({ db: database.db });
const sessions: Array<{ userId: string; token: string }> = [];
for (let i = 0; i < 300; i++) {
  const userId = crypto.randomUUID();
  await wallet.deposit({ userId, currency: 'USD', amount: 1e8, key: `k${i}` });
  sessions.push({
    userId,
    token: (
      await wallet.createGameSession({ userId, currency: 'USD', gameCode: 'g', providerCode: 'paws-studio' })
    ).token,
  });
}
const providerSecret = deriveProviderSecret(secret, 'paws-studio');
const client = createHttpWalletClient({
  baseUrl: `http://127.0.0.1:${port}`,
  providerCode: 'paws-studio',
  secret: providerSecret,
});
const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 8 });
let seq = 0;
const variants: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
  http: (body) => client.bet(body as never),
  undici: async (body) => {
    const payload = JSON.stringify(body);
    const r = await pool.request({
      path: '/api/wallet/paws-studio/bet',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': signBody(providerSecret, payload) },
      body: payload,
    });
    const t = await r.body.text();
    if (r.statusCode !== 200) throw new Error(t);
    return JSON.parse(t);
  },
};
for (const v of ['http', 'undici', 'http', 'undici']) {
  const s0 = ticks(child.pid!);
  const m0 = ticks(process.pid);
  let ok = 0;
  const t0 = performance.now();
  const until = t0 + 5000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < until) {
        const p = sessions[Math.floor(Math.random() * sessions.length)]!;
        const id = `x${seq++}`;
        await variants[v]!({
          transactionId: id,
          roundId: id,
          sessionToken: p.token,
          userId: p.userId,
          currency: 'USD',
          amount: 1,
          gameCode: 'g',
        });
        ok++;
      }
    }),
  );
  console.log(
    v,
    'ops/s',
    (ok / ((performance.now() - t0) / 1000)).toFixed(0),
    'server ms/op',
    (((ticks(child.pid!) - s0) * 10) / ok).toFixed(3),
    'loadgen ms/op',
    (((ticks(process.pid) - m0) * 10) / ok).toFixed(3),
  );
}
client.close?.();
await pool.close();
child.send('stop');
await new Promise((r) => child.once('exit', r));
await database.close();
await new Promise((r) => setTimeout(r, 500));
await admin.query(`drop database ${name} with (force)`);
await admin.end();
