import { fork } from 'node:child_process';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { createHttpWalletClient } from '../../apps/server/src/modules/wallet/client.ts';
import { createWalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { deriveProviderSecret } from '../../apps/server/src/modules/wallet/signature.ts';

const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
const name = `probe_${Date.now()}`;
await admin.query(`create database ${name}`);
const url = process.env.DATABASE_URL!.replace(/\/[^/]*$/, `/${name}`);
const secret = 'x'.repeat(40);
const child = fork(new URL('./server.ts', import.meta.url).pathname, {
  execArgv: ['--import', 'tsx', ...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/wb'] : [])],
  env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_SECRET: secret },
});
const port = await new Promise<number>((r) => child.once('message', (m: any) => r(m.port)));
const database = createDatabase({ url });
const wallet = createWalletService({ db: database.db });
const sessions: any[] = [];
for (let i = 0; i < Number(process.env.PLAYERS ?? 200); i++) {
  const userId = crypto.randomUUID();
  await wallet.deposit({ userId, currency: 'USD', amount: 1e8, key: 'k' + i });
  sessions.push({
    userId,
    token: (
      await wallet.createGameSession({ userId, currency: 'USD', gameCode: 'g', providerCode: 'paws-studio' })
    ).token,
  });
}
if (process.env.ANALYZE) await database.db.execute('vacuum analyze');
const client = createHttpWalletClient({
  baseUrl: `http://127.0.0.1:${port}`,
  providerCode: 'paws-studio',
  secret: deriveProviderSecret(secret, 'paws-studio'),
});
let seq = 0;
for (const C of [1, 8]) {
  let ok = 0;
  const until = performance.now() + 5000;
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (performance.now() < until) {
        const p = sessions[Math.floor(Math.random() * sessions.length)];
        const id = 'x' + seq++;
        await client.bet({
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
  console.log('C', C, 'http bets/s', ok / 5);
}
client.close?.();
child.send('stop');
await new Promise((r) => child.once('exit', r));
await database.close();
await admin.query(`drop database ${name} with (force)`);
await admin.end();
