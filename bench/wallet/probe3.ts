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
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_SECRET: secret },
});
const port = await new Promise<number>((r) => child.once('message', (m: any) => r(m.port)));
const database = createDatabase({ url });
const wallet = createWalletService({ db: database.db });
const userId = crypto.randomUUID();
await wallet.deposit({ userId, currency: 'USD', amount: 1e8, key: 'k' });
const token = (
  await wallet.createGameSession({ userId, currency: 'USD', gameCode: 'g', providerCode: 'paws-studio' })
).token;
const client = createHttpWalletClient({
  baseUrl: `http://127.0.0.1:${port}`,
  providerCode: 'paws-studio',
  secret: deriveProviderSecret(secret, 'paws-studio'),
});
const time = async (label: string, fn: () => Promise<unknown>) => {
  for (let i = 0; i < 20; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < 200; i++) await fn();
  console.log(label, ((performance.now() - t) / 200).toFixed(2), 'ms');
};
let seq = 0;
await time('http balance', () => client.balance({ sessionToken: token, userId, currency: 'USD' }));
await time('http bet', () => {
  const id = 'x' + seq++;
  return client.bet({
    transactionId: id,
    roundId: id,
    sessionToken: token,
    userId,
    currency: 'USD',
    amount: 1,
    gameCode: 'g',
  });
});
await time('svc balance', () =>
  wallet.balance({ providerCode: 'paws-studio', sessionToken: token, userId, currency: 'USD' }),
);
await time('svc bet', () => {
  const id = 'y' + seq++;
  return wallet.bet({
    providerCode: 'paws-studio',
    transactionId: id,
    roundId: id,
    sessionToken: token,
    userId,
    currency: 'USD',
    amount: 1,
    gameCode: 'g',
  });
});
await time('healthz', () => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.text()));
client.close?.();
child.send('stop');
await new Promise((r) => child.once('exit', r));
await database.close();
await admin.query(`drop database ${name} with (force)`);
await admin.end();
