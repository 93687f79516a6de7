import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWalletError } from '../../src/modules/wallet/errors.ts';
import { sessionReference } from '../../src/modules/wallet/index.ts';
import { walletProviders } from '../../src/modules/wallet/schema.ts';
import type { WalletService } from '../../src/modules/wallet/service.ts';
import { STUDIO_PROVIDER, seedWalletProviders } from '../../src/modules/wallet/signature.ts';
import { recorded } from '../backbone/helpers.ts';
import { createTestApp } from '../helpers/test-app.ts';
import {
  closePoolFully,
  countLedger,
  ledgerProblems,
  newPlayer,
  noProblems,
  type TestContext,
  txId,
} from './helpers.ts';

let ctx: TestContext;
let wallet: WalletService;
beforeAll(async () => {
  ctx = await createTestApp();
  closePoolFully(ctx);
  wallet = ctx.app.wallet;
});
afterAll(() => ctx.close());

const system = async (code: string, currency = 'USD') =>
  (await wallet.systemBalances()).find((s) => s.systemCode === code && s.currency === currency)?.balance;

describe('reference data', () => {
  it('has the four currencies, every account of a new player at zero, and the seeded studio', async () => {
    const userId = randomUUID();
    await wallet.ensureAccounts(userId);
    await wallet.ensureAccounts(userId);
    expect(await wallet.balances(userId)).toEqual([
      { currencyCode: 'USD', amount: 0, minor: 0 },
      { currencyCode: 'PAWS', amount: 0, minor: 0 },
      { currencyCode: 'BONUS_USD', amount: 0, minor: 0 },
      { currencyCode: 'FREE_SPINS', amount: 0, minor: 0 },
    ]);
    const [studio] = await ctx.app.database.db
      .select()
      .from(walletProviders)
      .where(eq(walletProviders.code, STUDIO_PROVIDER.code));
    expect(studio).toMatchObject({ name: 'PAWS Studio', enabled: true, secret: null });
    await seedWalletProviders(ctx.app.database.db);
  });

  it('converts balances to decimals once, FREE_SPINS counted whole', async () => {
    const userId = randomUUID();
    await wallet.deposit({ userId, currency: 'USD', amount: 12_34, key: txId() });
    await wallet.bonusCredit({ userId, currency: 'FREE_SPINS', amount: 3, key: txId() });
    await wallet.bonusCredit({ userId, currency: 'PAWS', amount: 5, key: txId() });
    const balances = await wallet.balances(userId);
    expect(balances.find((b) => b.currencyCode === 'USD')).toEqual({
      currencyCode: 'USD',
      amount: 12.34,
      minor: 12_34,
    });
    expect(balances.find((b) => b.currencyCode === 'FREE_SPINS')).toEqual({
      currencyCode: 'FREE_SPINS',
      amount: 3,
      minor: 3,
    });
    expect(balances.find((b) => b.currencyCode === 'PAWS')).toEqual({
      currencyCode: 'PAWS',
      amount: 0.05,
      minor: 5,
    });
  });
});

describe('credit and debit primitives', () => {
  it('deposits once per key; the same key with other data is refused', async () => {
    const userId = randomUUID();
    const key = txId('dep');
    const first = await wallet.deposit({ userId, currency: 'USD', amount: 50_00, key });
    const again = await wallet.deposit({ userId, currency: 'USD', amount: 50_00, key });
    expect(first).toMatchObject({ balance: 50_00, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    await expect(wallet.deposit({ userId, currency: 'USD', amount: 60_00, key })).rejects.toSatisfy((e) =>
      isWalletError(e, 'DUPLICATE_TRANSACTION_MISMATCH'),
    );
    await expect(
      wallet.deposit({ userId: randomUUID(), currency: 'USD', amount: 50_00, key }),
    ).rejects.toSatisfy((e) => isWalletError(e, 'DUPLICATE_TRANSACTION_MISMATCH'));
    expect(await wallet.balanceOf(userId, 'USD')).toBe(50_00);
    await expect(wallet.deposit({ userId, currency: 'USD', amount: 0, key: txId() })).rejects.toSatisfy((e) =>
      isWalletError(e, 'INVALID_AMOUNT'),
    );
  });

  it('refuses a withdrawal above the balance and writes nothing', async () => {
    const userId = randomUUID();
    await wallet.deposit({ userId, currency: 'USD', amount: 10_00, key: txId() });
    const before = await countLedger(ctx.app.database.db);
    const error = await wallet
      .withdrawHold({ userId, currency: 'USD', amount: 10_01, key: txId() })
      .catch((e) => e);
    expect(isWalletError(error, 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(error.balance).toBe(10_00);
    expect(await countLedger(ctx.app.database.db)).toBe(before);
    expect(await wallet.balanceOf(userId, 'USD')).toBe(10_00);
  });

  it('holds, then settles or releases a withdrawal exactly once', async () => {
    const userId = randomUUID();
    await wallet.deposit({ userId, currency: 'USD', amount: 100_00, key: txId() });
    const payments = (await system('payments')) ?? 0;

    const paid = txId('wd');
    expect(await wallet.withdrawHold({ userId, currency: 'USD', amount: 40_00, key: paid })).toMatchObject({
      balance: 60_00,
    });
    expect(await wallet.withdrawSettle({ holdKey: paid })).toMatchObject({ balance: 60_00, replayed: false });
    expect(await wallet.withdrawSettle({ holdKey: paid })).toMatchObject({ replayed: true });
    await expect(wallet.withdrawRelease({ holdKey: paid })).rejects.toSatisfy((e) =>
      isWalletError(e, 'HOLD_ALREADY_FINALISED'),
    );
    expect(await system('payments')).toBe(payments + 40_00);

    const declined = txId('wd');
    await wallet.withdrawHold({ userId, currency: 'USD', amount: 25_00, key: declined });
    expect(await wallet.balanceOf(userId, 'USD')).toBe(35_00);
    expect(await wallet.withdrawRelease({ holdKey: declined })).toMatchObject({
      balance: 60_00,
      replayed: false,
    });
    expect(await wallet.withdrawRelease({ holdKey: declined })).toMatchObject({ replayed: true });
    await expect(wallet.withdrawSettle({ holdKey: declined })).rejects.toSatisfy((e) =>
      isWalletError(e, 'HOLD_ALREADY_FINALISED'),
    );
    await expect(wallet.withdrawSettle({ holdKey: 'never-held' })).rejects.toSatisfy((e) =>
      isWalletError(e, 'HOLD_NOT_FOUND'),
    );
    expect(await wallet.balanceOf(userId, 'USD')).toBe(60_00);
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
  });

  it("joins the caller's transaction: rolled back with it", async () => {
    const userId = randomUUID();
    await wallet.deposit({ userId, currency: 'USD', amount: 10_00, key: txId() });
    await ctx.app.database.db
      .transaction(async (tx) => {
        await wallet.withdrawHold({ userId, currency: 'USD', amount: 10_00, key: txId() }, tx);
        throw new Error('payment provider said no');
      })
      .catch(() => {});
    expect(await wallet.balanceOf(userId, 'USD')).toBe(10_00);
  });

  it('a refusal inside the caller’s transaction leaves the rest of it usable', async () => {
    const userId = randomUUID();
    await ctx.app.database.db.transaction(async (tx) => {
      const refused = await wallet
        .withdrawHold({ userId, currency: 'USD', amount: 1, key: txId() }, tx)
        .catch((e) => e);
      expect(isWalletError(refused, 'INSUFFICIENT_FUNDS')).toBe(true);
      await wallet.deposit({ userId, currency: 'USD', amount: 3_00, key: txId() }, tx);
    });
    expect(await wallet.balanceOf(userId, 'USD')).toBe(3_00);
  });

  it('credits bonuses and adjusts both ways, never below zero', async () => {
    const userId = randomUUID();
    const key = txId('bonus');
    await wallet.bonusCredit({ userId, currency: 'BONUS_USD', amount: 5_00, key });
    await wallet.bonusCredit({ userId, currency: 'BONUS_USD', amount: 5_00, key });
    expect(await wallet.balanceOf(userId, 'BONUS_USD')).toBe(5_00);
    await wallet.adjust({ userId, currency: 'BONUS_USD', amount: -2_00, key: txId(), reason: 'test' });
    expect(await wallet.balanceOf(userId, 'BONUS_USD')).toBe(3_00);
    await expect(
      wallet.adjust({ userId, currency: 'BONUS_USD', amount: -3_01, key: txId(), reason: 'test' }),
    ).rejects.toSatisfy((e) => isWalletError(e, 'INSUFFICIENT_FUNDS'));
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
  });

  it('keeps system accounts and players summing to zero per currency', async () => {
    const rows = (await ctx.app.database.db.execute(
      sql`select a.currency_code, sum(e.amount)::text as total from ledger_entries e
          join wallet_accounts a on a.id = e.account_id group by a.currency_code`,
    )) as unknown as { rows: Array<{ currency_code: string; total: string }> };
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const row of rows.rows) expect(Number(row.total)).toBe(0);
  });
});

describe('history and events', () => {
  it('lists a player’s bets and wins, newest first, paged, own rows only', async () => {
    const p = await newPlayer(wallet, { minor: 100_00, gameCode: 'blackjack' });
    const other = await newPlayer(wallet, { minor: 100_00 });
    const base = {
      providerCode: STUDIO_PROVIDER.code,
      sessionToken: p.token,
      userId: p.userId,
      currency: 'USD' as const,
      gameCode: 'blackjack',
    };
    for (let i = 0; i < 3; i++) {
      await wallet.bet({ ...base, transactionId: txId('h'), roundId: `h${i}`, amount: 1_00 });
    }
    await wallet.win({ ...base, transactionId: txId('h'), roundId: 'h2', amount: 2_50 });
    await wallet.bet({
      ...other,
      sessionToken: other.token,
      providerCode: STUDIO_PROVIDER.code,
      transactionId: txId('o'),
      roundId: 'o',
      amount: 1,
      gameCode: 'x',
    });

    // Bets only (a win is not a bet), with the sum of the dollar stakes.
    const page1 = await wallet.bets(p.userId, { page: 1, limit: 2 });
    expect(page1).toMatchObject({ count: 3, usdStakes: 3_00, hasMore: true });
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0]).toMatchObject({
      amount: 1_00,
      roundId: 'h2',
      providerName: 'PAWS Studio',
      gameCode: 'blackjack',
    });
    const page2 = await wallet.bets(p.userId, { page: 2, limit: 2 });
    expect(page2).toMatchObject({ count: 3, hasMore: false });
    expect(page2.items).toHaveLength(1);
    const future = await wallet.bets(p.userId, { dateFrom: new Date(Date.now() + 60_000) });
    expect(future.count).toBe(0);

    const sessions = await wallet.gameSessionHistory(p.userId);
    expect(sessions.items).toEqual([
      expect.objectContaining({
        token: sessionReference(p.token),
        gameCode: 'blackjack',
        providerName: 'PAWS Studio',
      }),
    ]);
  });

  it('records each committed movement once in the outbox, not its retries', async () => {
    const p = await newPlayer(wallet, { minor: 10_00 });
    const bet = {
      providerCode: STUDIO_PROVIDER.code,
      transactionId: txId('ev'),
      roundId: 'ev',
      sessionToken: p.token,
      userId: p.userId,
      currency: 'USD' as const,
      amount: 4_00,
      gameCode: 'roulette',
    };
    await wallet.bet(bet);
    await wallet.bet(bet);
    await wallet.rollback({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: txId('ev-rb'),
      referenceTransactionId: bet.transactionId,
      roundId: 'ev',
    });
    const seen = (await recorded(ctx.app, 'wallet.moved')).filter((m) => m.userId === p.userId);
    expect(seen.map((m) => [m.kind, m.amount, m.balance])).toEqual([
      ['DEPOSIT', 10_00, 10_00],
      ['BET', -4_00, 6_00],
      ['ROLLBACK', 4_00, 10_00],
    ]);
  });
});
