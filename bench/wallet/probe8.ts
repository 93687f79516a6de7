import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { createWalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { seedWalletProviders } from '../../apps/server/src/modules/wallet/signature.ts';

const ticks = (pid: number) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};
const pgTicks = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .reduce((a, p) => a + ticks(p), 0);
const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
await admin.connect();
for (const variant of ['fk', 'nofk', 'fk', 'nofk']) {
  const name = `probe_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = process.env.DATABASE_URL!.replace(/\/[^/]*$/, `/${name}`);
  const database = createDatabase({ url });
  await database.migrate();
  await seedWalletProviders(database.db);
  if (variant === 'nofk') {
    await database.db.execute(
      `alter table game_transactions drop constraint game_transactions_provider_code_wallet_providers_code_fk, drop constraint game_transactions_currency_code_wallet_currencies_code_fk; alter table ledger_entries drop constraint ledger_entries_account_id_wallet_accounts_id_fk`,
    );
  }
  const wallet = createWalletService({ db: database.db });
  const sessions: Array<{ userId: string; token: string }> = [];
  for (let i = 0; i < 300; i++) {
    const userId = crypto.randomUUID();
    await wallet.deposit({ userId, currency: 'USD', amount: 1e8, key: `k${i}` });
    sessions.push({
      userId,
      token: (
        await wallet.createGameSession({
          userId,
          currency: 'USD',
          gameCode: 'g',
          providerCode: 'paws-studio',
        })
      ).token,
    });
  }
  let seq = 0;
  let ok = 0;
  const p0 = pgTicks();
  const m0 = ticks(process.pid);
  const t0 = performance.now();
  const until = t0 + 6000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < until) {
        const p = sessions[Math.floor(Math.random() * sessions.length)]!;
        const id = `x${seq++}`;
        await wallet.bet({
          providerCode: 'paws-studio',
          transactionId: id,
          roundId: id,
          sessionToken: p.token,
          userId: p.userId,
          currency: 'USD',
          amount: 100,
          gameCode: 'g',
        });
        ok++;
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  console.log(
    variant,
    'bets/s',
    (ok / secs).toFixed(0),
    'pg cpu ms/bet',
    (((pgTicks() - p0) * 10) / ok).toFixed(3),
    'node cpu ms/bet',
    (((ticks(process.pid) - m0) * 10) / ok).toFixed(3),
  );
  await database.close();
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`drop database ${name} with (force)`);
}
await admin.end();
