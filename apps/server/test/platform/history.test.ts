import type {
  BalanceHistoryItem,
  BetsTransactionsResponse,
  GameSessionsResponse,
} from '@paws/contracts/history';
import { STUDIO_PROVIDER_CODE } from '@paws/contracts/studio-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/modules/catalog/seed.ts';
import { balanceTransactions } from '../../src/modules/payments/schema.ts';
import { sessionReference } from '../../src/modules/wallet/index.ts';
import { gameSessions, gameTransactions, ledgerTransactions } from '../../src/modules/wallet/schema.ts';
import type { Browser } from '../identity/helpers.ts';
import { browser, PLATFORM_HOST } from '../identity/helpers.ts';
import {
  BALANCE_TRANSACTIONS,
  BETS,
  createPaymentsTestApp,
  deposit,
  GAME_SESSIONS,
  type PaymentsTestApp,
  signedInPlayer,
} from '../payments/helpers.ts';

let ctx: PaymentsTestApp;
let alice: { b: Browser; userId: string };
let bob: { b: Browser; userId: string };
/** Deposits only: the Transactions list's paging and filters. */
let carol: { b: Browser; userId: string };
const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12, 0, 0));

let betSeq = 0;
/** A real bet through the wallet on a real game session, dated afterwards. */
async function bet(
  userId: string,
  token: string,
  amount: number,
  at: Date,
  currency: 'USD' | 'PAWS' = 'USD',
) {
  betSeq += 1;
  const result = await ctx.app.wallet.bet({
    providerCode: STUDIO_PROVIDER_CODE,
    transactionId: `tx-${betSeq}`,
    roundId: `round-${betSeq}`,
    sessionToken: token,
    userId,
    currency,
    amount,
    gameCode: 'european-roulette',
  });
  await ctx.app.database.db
    .update(gameTransactions)
    .set({ createdAt: at })
    .where(eq(gameTransactions.id, result.id));
  return result.id;
}

const ids: { deposits: string[]; bets: string[]; sessions: string[] } = {
  deposits: [],
  bets: [],
  sessions: [],
};

beforeAll(async () => {
  ctx = await createPaymentsTestApp();
  ctx.app.payments.setSettleDelay(60_000);
  await seedCatalog(ctx.app.database.db);
  alice = await signedInPlayer(ctx);
  bob = await signedInPlayer(ctx);
  const db = ctx.app.database.db;

  carol = await signedInPlayer(ctx);
  // Carol: 12 deposits of 1..12 dollars on 1..12 January (the list reads the ledger's postings' dates).
  for (let d = 1; d <= 12; d++) {
    const { transaction } = await deposit(carol.b, d);
    await db
      .update(balanceTransactions)
      .set({ createdAt: day(d) })
      .where(eq(balanceTransactions.id, transaction.id));
    await db
      .update(ledgerTransactions)
      .set({ createdAt: day(d) })
      .where(eq(ledgerTransactions.reference, `deposit:${transaction.id}`));
    // A deposit's line keeps the id the deposit call answered with.
    ids.deposits.push(transaction.id);
  }
  await deposit(bob.b, 500);

  // Alice: 12 game sessions on 1..12 January; bets of d dollars on day d, plus a PAWS bet and a rolled-back one.
  await ctx.app.wallet.adjust({
    userId: alice.userId,
    currency: 'PAWS',
    amount: 1000,
    key: 'paws',
    reason: 'test',
  });
  await ctx.app.wallet.adjust({
    userId: alice.userId,
    currency: 'USD',
    amount: 100_000,
    key: 'usd',
    reason: 'test',
  });
  let usdToken = '';
  for (let d = 1; d <= 12; d++) {
    const { token } = await ctx.app.wallet.createGameSession({
      userId: alice.userId,
      gameCode: 'european-roulette',
      providerCode: STUDIO_PROVIDER_CODE,
      currency: 'USD',
    });
    await db
      .update(gameSessions)
      .set({ createdAt: day(d) })
      .where(eq(gameSessions.token, token));
    ids.sessions.push(token);
    usdToken = token;
  }
  // A round on each day's session: only a played session is history.
  for (let d = 1; d <= 12; d++) {
    ids.bets.push(await bet(alice.userId, ids.sessions[d - 1] as string, d * 100, day(d)));
  }
  const paws = await ctx.app.wallet.createGameSession({
    userId: alice.userId,
    gameCode: 'european-roulette',
    providerCode: STUDIO_PROVIDER_CODE,
    currency: 'PAWS',
  });
  await db
    .update(gameSessions)
    .set({ createdAt: day(20) })
    .where(eq(gameSessions.token, paws.token));
  await bet(alice.userId, paws.token, 700, day(20), 'PAWS');
  await bet(alice.userId, usdToken, 900, day(21));
  await ctx.app.wallet.rollback({
    providerCode: STUDIO_PROVIDER_CODE,
    transactionId: 'rollback-1',
    referenceTransactionId: `tx-${betSeq}`,
    roundId: `round-${betSeq}`,
  });

  // Bob: a session and a bet today.
  const bobSession = await ctx.app.wallet.createGameSession({
    userId: bob.userId,
    gameCode: 'european-roulette',
    providerCode: STUDIO_PROVIDER_CODE,
    currency: 'USD',
  });
  await bet(bob.userId, bobSession.token, 5000, new Date());
});
afterAll(() => ctx?.close());

describe('GET /profile/balance-transactions', () => {
  // The deposits earn welcome bonuses, posted today: January holds the deposits alone.
  const list = async (b: Browser, query = '') => {
    const january = query.includes('dateTo') ? query : `${query}${query ? '&' : '?'}dateTo=2026-01-31`;
    const res = await b.get(`${BALANCE_TRANSACTIONS}${january}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { balanceTransactions: BalanceHistoryItem[]; count: number; hasMore: boolean };
  };

  it('pages the player’s own rows, newest first, 10 by default', async () => {
    const first = await list(carol.b);
    expect(first.count).toBe(12);
    expect(first.hasMore).toBe(true);
    expect(first.balanceTransactions.map((t) => t.amount)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(first.balanceTransactions[0]).toMatchObject({
      id: ids.deposits[11],
      currencyCode: 'USD',
      paymentMethod: 'CARD',
      type: 'DEPOSIT',
      status: 'COMPLETED',
      createdAt: day(12).toISOString(),
    });
    const second = await list(carol.b, '?page=2');
    expect(second.balanceTransactions.map((t) => t.amount)).toEqual([2, 1]);
    expect(second).toMatchObject({ count: 12, hasMore: false });
    const third = await list(carol.b, '?page=3');
    expect(third).toEqual({ balanceTransactions: [], count: 12, hasMore: false });
    const small = await list(carol.b, '?page=4&limit=3');
    expect(small.balanceTransactions.map((t) => t.amount)).toEqual([3, 2, 1]);
    expect(small.hasMore).toBe(false);
    expect((await list(carol.b, '?page=3&limit=3')).hasMore).toBe(true);
  });

  it('filters by date; a bare dateTo means the end of that day', async () => {
    const range = await list(carol.b, '?dateFrom=2026-01-03&dateTo=2026-01-05');
    expect(range.balanceTransactions.map((t) => t.amount)).toEqual([5, 4, 3]);
    expect(range).toMatchObject({ count: 3, hasMore: false });
    const times = await list(carol.b, '?dateFrom=2026-01-03T12:00:00Z&dateTo=2026-01-05T11:59:59.999Z');
    expect(times.balanceTransactions.map((t) => t.amount)).toEqual([4, 3]);
    expect((await list(carol.b, '?dateFrom=2026-01-11')).count).toBe(2);
  });

  it('never shows another player’s rows', async () => {
    const other = await list(bob.b, '?dateTo=2099-01-01');
    expect(other.balanceTransactions.filter((t) => t.type === 'DEPOSIT').map((t) => t.amount)).toEqual([500]);
    expect(other.balanceTransactions.some((t) => ids.deposits.includes(t.id))).toBe(false);
  });
});

describe('GET /profile/bets-transactions', () => {
  const list = async (b: Browser, query = '') => {
    const res = await b.get(`${BETS}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as BetsTransactionsResponse;
  };

  it('lists standing bets newest first with count, fullAmount of dollar stakes and hasMore', async () => {
    const first = await list(alice.b);
    // 12 dollar bets and a PAWS bet; the rolled-back one is gone.
    expect(first.count).toBe(13);
    expect(first.hasMore).toBe(true);
    expect(first.fullAmount).toBe(78);
    expect(first.transactions[0]).toMatchObject({
      amount: 7,
      currencyCode: 'PAWS',
      providerName: expect.any(String),
      createdAt: day(20).toISOString(),
    });
    expect(first.transactions.slice(1).map((t) => t.amount)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4]);
    const second = await list(alice.b, '?page=2');
    expect(second.transactions.map((t) => t.id)).toEqual([ids.bets[2], ids.bets[1], ids.bets[0]]);
    expect(second).toMatchObject({ count: 13, fullAmount: 78, hasMore: false });
  });

  it('filters by date, and fullAmount follows the filter', async () => {
    const range = await list(alice.b, '?dateFrom=2026-01-10&dateTo=2026-01-12&limit=2');
    expect(range.transactions.map((t) => t.amount)).toEqual([12, 11]);
    expect(range).toMatchObject({ count: 3, fullAmount: 33, hasMore: true });
    const empty = await list(alice.b, '?dateFrom=2025-01-01&dateTo=2025-12-31');
    expect(empty).toEqual({ transactions: [], count: 0, fullAmount: 0, hasMore: false });
  });

  it('names each bet’s game as the catalogue does', async () => {
    const first = await list(alice.b, '?limit=2');
    expect(first.transactions.map((t) => [t.gameCode, t.gameName])).toEqual([
      ['european-roulette', 'European Roulette'],
      ['european-roulette', 'European Roulette'],
    ]);
  });

  it('never shows another player’s bets', async () => {
    const other = await list(bob.b);
    expect(other).toMatchObject({ count: 1, fullAmount: 50, hasMore: false });
    expect(other.transactions.some((t) => ids.bets.includes(t.id))).toBe(false);
  });
});

describe('GET /profile/game-sessions', () => {
  const list = async (b: Browser, query = '') => {
    const res = await b.get(`${GAME_SESSIONS}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as GameSessionsResponse;
  };

  it('pages the player’s sessions newest first', async () => {
    const first = await list(alice.b, '?limit=5');
    expect(first.count).toBe(13);
    expect(first.hasMore).toBe(true);
    expect(first.gameTokens[0]).toMatchObject({ gameCode: 'european-roulette', currencyCode: 'PAWS' });
    expect(first.gameTokens.slice(1).map((s) => s.token)).toEqual(
      ids.sessions.slice(8).reverse().map(sessionReference),
    );
    expect(first.gameTokens[1]).toMatchObject({
      providerName: expect.any(String),
      createdAt: day(12).toISOString(),
    });
    const last = await list(alice.b, '?limit=5&page=3');
    expect(last.gameTokens.map((s) => s.token)).toEqual(
      ids.sessions.slice(0, 3).reverse().map(sessionReference),
    );
    expect(last.hasMore).toBe(false);
  });

  it('filters by date', async () => {
    const range = await list(alice.b, '?dateFrom=2026-01-02&dateTo=2026-01-03');
    expect(range.gameTokens.map((s) => s.token)).toEqual(
      [ids.sessions[2], ids.sessions[1]].map((t) => sessionReference(t as string)),
    );
    expect(range).toMatchObject({ count: 2, hasMore: false });
  });

  it('never shows another player’s sessions', async () => {
    const other = await list(bob.b);
    expect(other.count).toBe(1);
    expect(other.gameTokens.some((s) => ids.sessions.map(sessionReference).includes(s.token))).toBe(false);
  });

  it('lists a session only once a round is played in it, not when the game page is merely opened', async () => {
    const carol = await signedInPlayer(ctx);
    await ctx.app.wallet.adjust({
      userId: carol.userId,
      currency: 'USD',
      amount: 500,
      key: 'carol',
      reason: 'test',
    });
    const opened = await ctx.app.wallet.createGameSession({
      userId: carol.userId,
      gameCode: 'wild-paws',
      providerCode: STUDIO_PROVIDER_CODE,
      currency: 'USD',
    });
    const again = await ctx.app.wallet.createGameSession({
      userId: carol.userId,
      gameCode: 'wild-paws',
      providerCode: STUDIO_PROVIDER_CODE,
      currency: 'USD',
    });
    expect(await list(carol.b)).toEqual({ gameTokens: [], count: 0, hasMore: false });
    await bet(carol.userId, again.token, 100, new Date());
    await bet(carol.userId, again.token, 100, new Date());
    const played = await list(carol.b);
    expect(played.count).toBe(1);
    expect(played.gameTokens.map((s) => s.token)).toEqual([sessionReference(again.token)]);
    expect(played.gameTokens.map((s) => s.token)).not.toContain(sessionReference(opened.token));
  });

  it('names each game as the catalogue does, not by its code', async () => {
    const mine = await list(alice.b, '?limit=1');
    expect(mine.gameTokens[0]).toMatchObject({
      gameCode: 'european-roulette',
      gameName: 'European Roulette',
    });
  });

  it('shows a reference, never the token a provider presents to the wallet', async () => {
    const mine = await list(alice.b);
    expect(mine.gameTokens.length).toBeGreaterThan(0);
    for (const session of mine.gameTokens) {
      expect(session.token).toMatch(/^gs_[\w-]{22}$/);
      expect(ids.sessions).not.toContain(session.token);
    }
  });
});

describe('history query validation', () => {
  it.each([
    ['dateFrom=yesterday', 'dateFrom'],
    ['dateFrom=2026-02-30', 'dateFrom'],
    ['dateTo=2026-13-01', 'dateTo'],
    ['dateFrom=2026-01-05&dateTo=2026-01-04', 'dateTo'],
    ['page=0', 'page'],
    ['page=x', 'page'],
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    ['limit=2.5', 'limit'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    for (const url of [BALANCE_TRANSACTIONS, BETS, GAME_SESSIONS]) {
      const res = await alice.b.get(`${url}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, field });
    }
  });

  it('needs a signed-in player', async () => {
    const visitor = browser(ctx.app, PLATFORM_HOST);
    for (const url of [BALANCE_TRANSACTIONS, BETS, GAME_SESSIONS]) {
      expect((await visitor.get(url)).statusCode).toBe(401);
    }
  });
});
