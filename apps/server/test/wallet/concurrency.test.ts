import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWalletError } from '../../src/modules/wallet/errors.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import { createTestApp } from '../helpers/test-app.ts';
import {
  closePoolFully,
  countLedger,
  ledgerProblems,
  newPlayer,
  noProblems,
  type TestContext,
  txId,
  walletCall,
} from './helpers.ts';

// Real parallelism needs a pool of real connections: these run on PostgreSQL (CI sets DATABASE_URL).
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('wallet under concurrency (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    if (!onPostgres) return;
    ctx = await createTestApp();
    closePoolFully(ctx);
  });
  afterAll(async () => {
    if (onPostgres) await ctx.close();
  });

  it.skipIf(!onPostgres)('50 parallel bets of 10.00 against 100.00: exactly 10 succeed', async () => {
    const wallet = ctx.app.wallet;
    const player = await newPlayer(wallet, { minor: 100_00 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        walletCall(ctx, 'bet', {
          transactionId: txId(`par${i}`),
          roundId: `round-${i}`,
          sessionToken: player.token,
          userId: player.userId,
          currency: 'USD',
          amount: 10,
          gameCode: 'roulette',
        }),
      ),
    );
    const accepted = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json()).toMatchObject({ statusCode: 402, code: 'INSUFFICIENT_FUNDS' });
    // Each accepted bet saw its own balance: 90, 80, … 0, each exactly once.
    expect(accepted.map((r) => r.json().balance).sort((a, b) => a - b)).toEqual([
      0, 10, 20, 30, 40, 50, 60, 70, 80, 90,
    ]);
    expect(await wallet.balanceOf(player.userId, 'USD')).toBe(0);
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
    const history = await wallet.bets(player.userId, { limit: 100 });
    expect(history.items).toHaveLength(10);
  });

  it.skipIf(!onPostgres)('20 concurrent retries of one transaction id move money once', async () => {
    const wallet = ctx.app.wallet;
    const player = await newPlayer(wallet, { minor: 100_00 });
    const id = txId('retry');
    const ledgerBefore = await countLedger(ctx.app.database.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        wallet.bet({
          providerCode: STUDIO_PROVIDER.code,
          transactionId: id,
          roundId: 'round-retry',
          sessionToken: player.token,
          userId: player.userId,
          currency: 'USD',
          amount: 25_00,
          gameCode: 'roulette',
        }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.every((r) => r.balance === 75_00)).toBe(true);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await wallet.balanceOf(player.userId, 'USD')).toBe(75_00);
    expect(await countLedger(ctx.app.database.db)).toBe(ledgerBefore + 1);
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
  });

  it.skipIf(!onPostgres)(
    '20 concurrent retries of a bet that only one can afford still answer as the first',
    async () => {
      const wallet = ctx.app.wallet;
      const player = await newPlayer(wallet, { minor: 30_00 });
      const id = txId('retry-tight');
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          wallet.bet({
            providerCode: STUDIO_PROVIDER.code,
            transactionId: id,
            roundId: 'round-tight',
            sessionToken: player.token,
            userId: player.userId,
            currency: 'USD',
            amount: 20_00,
            gameCode: 'roulette',
          }),
        ),
      );
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value.balance : r.reason))).toEqual(
        Array(20).fill(10_00),
      );
      expect(await wallet.balanceOf(player.userId, 'USD')).toBe(10_00);
    },
  );

  it.skipIf(!onPostgres)(
    '20 concurrent retries of a withdrawal hold that only one can afford, some in callers’ transactions, answer as the first',
    async () => {
      const wallet = ctx.app.wallet;
      const db = ctx.app.database.db;
      const player = await newPlayer(wallet, { minor: 30_00 });
      const hold = { userId: player.userId, currency: 'USD' as const, amount: 20_00, key: txId('hold') };
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 ? wallet.withdrawHold(hold) : db.transaction((tx) => wallet.withdrawHold(hold, tx)),
        ),
      );
      const answers = results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason));
      expect(answers.map((a) => a.balance)).toEqual(Array(20).fill(10_00));
      expect(new Set(answers.map((a) => a.transactionId)).size).toBe(1);
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      expect(await wallet.balanceOf(player.userId, 'USD')).toBe(10_00);

      // Settled and released at once: exactly one of them finishes the hold.
      const finished = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          i % 2
            ? wallet.withdrawSettle({ holdKey: hold.key })
            : wallet.withdrawRelease({ holdKey: hold.key }),
        ),
      );
      const settled = finished.filter((r, i) => i % 2 === 1 && r.status === 'fulfilled').length;
      const released = finished.filter((r, i) => i % 2 === 0 && r.status === 'fulfilled').length;
      expect([settled, released].sort()).toEqual([0, 5]);
      for (const r of finished) {
        if (r.status === 'rejected') expect(isWalletError(r.reason, 'HOLD_ALREADY_FINALISED')).toBe(true);
      }
      expect(await wallet.balanceOf(player.userId, 'USD')).toBe(released ? 30_00 : 10_00);
      expect(await ledgerProblems(db)).toEqual(noProblems);
    },
  );

  it.skipIf(!onPostgres)(
    'a bet racing its own rollback is either refunded or refused, never lost',
    async () => {
      const wallet = ctx.app.wallet;
      const player = await newPlayer(wallet, { minor: 1000_00 });
      const outcomes = { refunded: 0, refused: 0 };
      for (let i = 0; i < 20; i++) {
        const id = txId(`race${i}`);
        const [bet, rollback] = await Promise.allSettled([
          wallet.bet({
            providerCode: STUDIO_PROVIDER.code,
            transactionId: id,
            roundId: `race-${i}`,
            sessionToken: player.token,
            userId: player.userId,
            currency: 'USD',
            amount: 5_00,
            gameCode: 'roulette',
          }),
          wallet.rollback({
            providerCode: STUDIO_PROVIDER.code,
            transactionId: `${id}-rb`,
            referenceTransactionId: id,
            roundId: `race-${i}`,
          }),
        ]);
        expect(rollback.status).toBe('fulfilled');
        if (bet.status === 'fulfilled') outcomes.refunded++;
        else {
          expect(isWalletError(bet.reason, 'TRANSACTION_ROLLED_BACK')).toBe(true);
          outcomes.refused++;
        }
        expect(await wallet.balanceOf(player.userId, 'USD')).toBe(1000_00);
      }
      expect(outcomes.refunded + outcomes.refused).toBe(20);
      expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
    },
  );

  it.skipIf(!onPostgres)('many players betting and winning at once reconcile', async () => {
    const wallet = ctx.app.wallet;
    const players = await Promise.all(Array.from({ length: 8 }, () => newPlayer(wallet, { minor: 50_00 })));
    await Promise.all(
      players.flatMap((p, n) =>
        Array.from({ length: 15 }, async (_, i) => {
          const base = {
            sessionToken: p.token,
            userId: p.userId,
            currency: 'USD' as const,
            gameCode: 'slots',
          };
          const bet = txId(`m${n}b${i}`);
          try {
            await wallet.bet({
              ...base,
              providerCode: STUDIO_PROVIDER.code,
              transactionId: bet,
              roundId: bet,
              amount: 7_00,
            });
            await wallet.win({
              ...base,
              providerCode: STUDIO_PROVIDER.code,
              transactionId: `${bet}-w`,
              roundId: bet,
              amount: i % 3 === 0 ? 14_00 : 0,
              referenceTransactionId: bet,
            });
          } catch (err) {
            if (!isWalletError(err, 'INSUFFICIENT_FUNDS')) throw err;
          }
        }),
      ),
    );
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
    // House and players together still sum to zero with the payments account: money is only moved.
    const [total] = (
      (await ctx.app.database.db.execute(
        sql`select coalesce(sum(amount), 0)::text as s from ledger_entries`,
      )) as unknown as {
        rows: Array<{ s: string }>;
      }
    ).rows;
    expect(Number(total?.s)).toBe(0);
  });
});
