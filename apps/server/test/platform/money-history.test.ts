import type { BalanceHistoryItem } from '@paws/contracts/history';
import type { StaffAdjustment } from '@paws/contracts/staff-money';
import { STUDIO_PROVIDER_CODE } from '@paws/contracts/studio-api';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/modules/catalog/seed.ts';
import { quiesce } from '../backbone/helpers.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { type Browser, createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { listOf } from '../notifications/helpers.ts';
import {
  approveWithdrawal,
  BALANCE_TRANSACTIONS,
  deposit,
  eventually,
  PLATFORM_API,
  signedInPlayer,
  WITHDRAW,
} from '../payments/helpers.ts';

let ctx: IdentityTestApp;
let finance: StaffSession;
let admin: StaffSession;
let player: { b: Browser; userId: string };

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  ctx.app.payments.setSettleDelay(60_000);
  await seedCatalog(ctx.app.database.db);
  [finance, admin] = await Promise.all([
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['admin']),
  ]);
  player = await signedInPlayer(ctx, { verified: true });
});
afterAll(() => ctx?.close());

/** Every line of the player's Transactions list, page after page, as the history page loads them. */
async function allLines(b: Browser) {
  const lines: BalanceHistoryItem[] = [];
  for (let page = 1; ; page++) {
    const res = await b.get(`${BALANCE_TRANSACTIONS}?page=${page}&limit=3`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { balanceTransactions: BalanceHistoryItem[]; hasMore: boolean };
    lines.push(...body.balanceTransactions);
    if (!body.hasMore) return lines;
  }
}

const balances = async (b: Browser) => {
  const data = (await b.get(`${PLATFORM_API}/profile/user-data`)).json() as {
    balances: { currencyCode: CurrencyCode; amount: number }[];
  };
  return new Map(data.balances.map((balance) => [balance.currencyCode, balance.amount]));
};

/** An adjustment a finance member asks for and, when it is over the threshold, an admin approves. */
async function adjust(amount: number, note: string) {
  const res = await finance.inject({
    method: 'POST',
    url: '/api/staff/adjustments',
    payload: { playerId: player.userId, currency: 'USD', amount, reasonCode: 'GOODWILL', note },
  });
  expect(res.statusCode, res.body).toBe(201);
  const adjustment = res.json() as StaffAdjustment;
  if (adjustment.status === 'PENDING') {
    const approved = await admin.inject({
      method: 'POST',
      url: `/api/staff/adjustments/${adjustment.id}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }
}

describe('the Transactions list is every movement of the player’s money', () => {
  it('moved every way, its lines add up to each balance, signed, with their reasons', async () => {
    const { b, userId } = player;
    await deposit(b, 60);
    // Finance asks for +$750, an admin approves (the case), then a small debit posts at once.
    await adjust(750, 'Compensation for the outage');
    await adjust(-5, 'Duplicate credit corrected');
    const paid = (await b.post(WITHDRAW, { amount: 40, paymentMethod: 'CARD' })).json().transaction.id;
    await approveWithdrawal(ctx, paid);
    const declined = (await b.post(WITHDRAW, { amount: 25, paymentMethod: 'CARD' })).json().transaction.id;
    await ctx.app.payments.declineWithdrawal(declined, 'Card expired', {
      id: crypto.randomUUID(),
      audit: async () => {},
    });
    await ctx.app.wallet.bonusCredit({ userId, currency: 'BONUS_USD', amount: 15_00, key: 'bonus-1' });
    const { token } = await ctx.app.wallet.createGameSession({
      userId,
      gameCode: 'european-roulette',
      providerCode: STUDIO_PROVIDER_CODE,
      currency: 'USD',
    });
    const call = {
      providerCode: STUDIO_PROVIDER_CODE,
      sessionToken: token,
      userId,
      currency: 'USD' as const,
    };
    const game = { ...call, gameCode: 'european-roulette' };
    await ctx.app.wallet.bet({ ...game, transactionId: 'b1', roundId: 'r1', amount: 10_00 });
    await ctx.app.wallet.win({ ...game, transactionId: 'w1', roundId: 'r1', amount: 36_00 });
    await ctx.app.wallet.bet({ ...game, transactionId: 'b2', roundId: 'r2', amount: 7_00 });
    await ctx.app.wallet.rollback({
      providerCode: STUDIO_PROVIDER_CODE,
      transactionId: 'rb2',
      referenceTransactionId: 'b2',
      roundId: 'r2',
      userId,
      currency: 'USD',
    });

    // The bonuses these movements earn are credited by subscribers: read once they are done, so that no line
    // arrives between two pages.
    await quiesce(ctx.app);
    const lines = await allLines(b);
    const balance = await balances(b);
    // $60 + 750 - 5 - 40 - 25 + 25 - 10 + 36 - 7 + 7 = $791
    expect(balance.get('USD')).toBe(791);
    for (const currency of ['USD', 'BONUS_USD', 'PAWS', 'FREE_SPINS'] as const) {
      const sum = lines
        .filter((l) => l.currencyCode === currency)
        .reduce((total, l) => total + l.amount * 100, 0);
      expect(Math.round(sum) / 100, currency).toBe(balance.get(currency) ?? 0);
    }

    const byType = (type: BalanceHistoryItem['type']) => lines.filter((l) => l.type === type);
    expect(byType('DEPOSIT')).toMatchObject([{ amount: 60, paymentMethod: 'CARD', status: 'COMPLETED' }]);
    expect(byType('ADJUSTMENT').map((l) => [l.amount, l.reason, l.paymentMethod])).toEqual([
      [-5, 'Duplicate credit corrected', null],
      [750, 'Compensation for the outage', null],
    ]);
    expect(byType('WITHDRAW').map((l) => [l.amount, l.status, l.reason])).toEqual([
      [-25, 'DECLINED', 'Card expired'],
      [-40, 'PENDING', null],
    ]);
    expect(byType('WITHDRAW_RETURNED')).toMatchObject([{ amount: 25, reason: 'Card expired' }]);
    // The $15 credit, beside the welcome tasks the deposit and the bet earned on their own.
    expect(byType('BONUS').filter((l) => l.amount === 15)).toMatchObject([{ currencyCode: 'BONUS_USD' }]);
    expect(byType('BET').map((l) => [l.amount, l.reason])).toEqual([
      [-7, 'European Roulette'],
      [-10, 'European Roulette'],
    ]);
    expect(byType('WIN')).toMatchObject([{ amount: 36 }]);
    expect(byType('ROLLBACK')).toMatchObject([{ amount: 7 }]);
    // Newest first.
    const times = lines.map((l) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('tells the player of an adjustment, with its reason (FINANCIAL)', async () => {
    const texts = await eventually(async () => {
      const found = (await listOf(player.b, '?category=FINANCIAL')).notifications.map(
        (n) => n.notificationMessage,
      );
      expect(found).toContain('We debited $5.00 from your balance: Duplicate credit corrected');
      return found;
    });
    expect(texts).toContain('We credited $750.00 to your balance: Compensation for the outage');
  });
});
