import { randomUUID } from 'node:crypto';
import type { BonusesResponse, UserBonusesResponse } from '@paws/contracts/bonuses';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/core/events/record.ts';
import { bonusRules, userBonuses } from '../../src/modules/bonuses/schema.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import { quiesce } from '../backbone/helpers.ts';
import { browser, createIdentityTestApp, type IdentityTestApp, PLATFORM_HOST } from '../identity/helpers.ts';
import { deposit, eventually, signedInPlayer } from '../payments/helpers.ts';
import { ledgerProblems, noProblems } from '../wallet/helpers.ts';

const BONUSES = '/api/bonuses';
let ctx: IdentityTestApp;

beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx?.close());

const overview = async (b: ReturnType<typeof browser>) => {
  const res = await b.get(`${BONUSES}/profile/bonuses`);
  expect(res.statusCode).toBe(200);
  return res.json() as BonusesResponse;
};
const bonusBalance = (userId: string) => ctx.app.wallet.balanceOf(userId, 'BONUS_USD');
const ruleId = async (code: string) =>
  (await ctx.app.database.db.select().from(bonusRules).where(eq(bonusRules.code, code)))[0]?.id as string;
const creditsOf = (userId: string, code: string) =>
  ruleId(code).then((id) =>
    ctx.app.database.db.$count(userBonuses, and(eq(userBonuses.userId, userId), eq(userBonuses.ruleId, id))),
  );

/** Funds a player and places USD bets (and wins) through the wallet's seamless contract. */
async function gameSession(userId: string) {
  const session = await ctx.app.wallet.createGameSession({
    userId,
    currency: 'USD',
    gameCode: 'european-roulette',
    providerCode: STUDIO_PROVIDER.code,
  });
  const call = (kind: 'bet' | 'win', minor: number) => {
    const roundId = randomUUID();
    return ctx.app.wallet[kind]({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: `${kind}-${roundId}`,
      roundId,
      sessionToken: session.token,
      userId,
      currency: 'USD',
      amount: minor,
      gameCode: 'european-roulette',
    });
  };
  return { bet: (minor: number) => call('bet', minor), win: (minor: number) => call('win', minor) };
}

describe('bonuses service', () => {
  it('answers 401 signed out', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    expect((await b.get(`${BONUSES}/profile/bonuses`)).statusCode).toBe(401);
    expect((await b.get(`${BONUSES}/user-bonuses`)).statusCode).toBe(401);
  });

  it('welcome tasks: a confirmed account, then a first deposit and a first bet, each credited once', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    const first = await overview(b);
    expect(first.welcomeBonuses.onboarding.map((task) => [task.presentationRuleName, task.hasBonus])).toEqual(
      [
        ['Confirm your e-mail or phone', true],
        ['Choose a username', false],
        ['Make your first deposit', false],
        ['Place your first bet', false],
      ],
    );
    expect(await bonusBalance(userId)).toBe(1_00);

    await deposit(b, 50);
    const game = await gameSession(userId);
    await game.bet(2_00);
    const after = await eventually(async () => {
      const found = await overview(b);
      expect(found.welcomeBonuses.onboarding.filter((task) => task.hasBonus)).toHaveLength(3);
      return found;
    });
    expect(after.activityBonuses.everyWeek).toMatchObject({
      sumOfBets: 2,
      targetAmount: 500,
      credited: false,
    });
    expect(after.activityBonuses.everyMonth).toMatchObject({ sumOfBets: 2, targetAmount: 2000 });
    expect(after.activityBonuses.daily?.betDates).toEqual([new Date().toISOString().slice(0, 10)]);
    // Confirm 1 + first deposit 5 + first bet 2, and reading again credits nothing more.
    await overview(b);
    expect(await bonusBalance(userId)).toBe(8_00);
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
  });

  it('account events credit the welcome tasks at once, with no bet and no visit to the bonuses page', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    // The e-mail confirmation published identity.email_confirmed: its task is credited by the subscriber.
    await eventually(async () => expect(await creditsOf(userId, 'welcome-confirm')).toBe(1));
    const named = await b.post('/api/identity/profile/edit/username', {
      value: `p${randomUUID().slice(0, 8)}`,
    });
    expect(named.statusCode).toBeLessThan(300);
    await eventually(async () => expect(await creditsOf(userId, 'welcome-username')).toBe(1));
    await quiesce(ctx.app);
    // Confirm 1 + username 1, each once.
    expect(await bonusBalance(userId)).toBe(2_00);
  });

  it('a weekly target crossed by 20 concurrent bets credits its reward exactly once', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 1000);
    const game = await gameSession(userId);
    await Promise.all(Array.from({ length: 20 }, () => game.bet(30_00)));
    await Promise.all(Array.from({ length: 5 }, () => overview(b)));
    await eventually(async () => expect(await creditsOf(userId, 'weekly-bets')).toBe(1));
    // The page reads the counters: every bet's event heard first.
    await quiesce(ctx.app);
    const standing = await overview(b);
    expect(standing.activityBonuses.everyWeek).toMatchObject({ sumOfBets: 600, credited: true });
    expect(await creditsOf(userId, 'weekly-bets')).toBe(1);
    // Onboarding (1 + 5 + 2) and the weekly 10, nothing twice.
    expect(await bonusBalance(userId)).toBe(18_00);
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
  });

  it('win-bet: winnings of the week against the target', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 100);
    const game = await gameSession(userId);
    await game.bet(10_00);
    await game.win(150_00);
    await quiesce(ctx.app);
    expect((await overview(b)).activityBonuses.winBet).toMatchObject({ winningAmount: 150, credited: false });
    await game.win(60_00);
    await eventually(async () => expect(await creditsOf(userId, 'win-bet-weekly')).toBe(1));
    expect((await overview(b)).activityBonuses.winBet).toMatchObject({ winningAmount: 210, credited: true });
  });

  it('daily: bets on seven distinct days earn the daily bonus, then a new run starts', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 100);
    const game = await gameSession(userId);
    await game.bet(1_00);
    // Bets on the six days before, as the counters heard them (the wallet's events of those days).
    for (let daysAgo = 1; daysAgo < 7; daysAgo++) {
      await recordEvent(ctx.app.database.db, 'wallet.moved', {
        kind: 'BET',
        userId,
        currency: 'USD',
        amount: -1_00,
        balance: 0,
        ledgerTransactionId: randomUUID(),
        at: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString(),
      });
    }
    await quiesce(ctx.app);
    const standing = await overview(b);
    expect(await creditsOf(userId, 'daily-7-days')).toBe(1);
    expect(standing.activityBonuses.daily?.betDates).toEqual([]);
    await overview(b);
    expect(await creditsOf(userId, 'daily-7-days')).toBe(1);
  });

  it('GET /user-bonuses lists the player’s own credits, filtered and paged', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 20);
    await eventually(async () =>
      expect(await ctx.app.database.db.$count(userBonuses, eq(userBonuses.userId, userId))).toBe(2),
    );
    const list = async (query: string) => {
      const res = await b.get(`${BONUSES}/user-bonuses${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as UserBonusesResponse;
    };
    const all = await list('');
    expect(all.count).toBe(2);
    expect(all.userBonuses.map((bonus) => bonus.presentationRuleName).sort()).toEqual([
      'Confirm your e-mail or phone',
      'Make your first deposit',
    ]);
    expect(
      all.userBonuses.find((bonus) => bonus.presentationRuleName === 'Make your first deposit')?.amount,
    ).toBe(5);
    const page = await list('?limit=1&page=1');
    expect(page).toMatchObject({ count: 2, hasMore: true });
    expect((await list('?limit=1&page=2')).hasMore).toBe(false);
    expect((await list('?dateFrom=2099-01-01')).count).toBe(0);
    // Another player sees only their own (at most their own welcome credit), never this player's.
    const other = await signedInPlayer(ctx);
    const theirs = (await other.b.get(`${BONUSES}/user-bonuses`)).json() as UserBonusesResponse;
    const mine = new Set(all.userBonuses.map((bonus) => bonus.id));
    expect(theirs.userBonuses.filter((bonus) => mine.has(bonus.id))).toEqual([]);
    expect(theirs.userBonuses.map((bonus) => bonus.presentationRuleName)).not.toContain(
      'Make your first deposit',
    );
    const bad = await b.get(`${BONUSES}/user-bonuses?limit=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('limit');
  });
});
