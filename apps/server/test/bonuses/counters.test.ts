import { randomUUID } from 'node:crypto';
import type { BonusesResponse } from '@paws/contracts/bonuses';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../src/core/events/schema.ts';
import { backfillCounters } from '../../src/modules/bonuses/backfill.ts';
import { type CounterDelta, emptyDelta, mergeCounters } from '../../src/modules/bonuses/counters.ts';
import { bonusCounters, bonusCountersBackfill } from '../../src/modules/bonuses/schema.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import { quiesce } from '../backbone/helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { deposit, signedInPlayer } from '../payments/helpers.ts';

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx?.close());

const countersOf = async (userId: string) =>
  (await ctx.app.database.db.select().from(bonusCounters).where(eq(bonusCounters.userId, userId)))[0];
const weekly = async (b: Awaited<ReturnType<typeof signedInPlayer>>['b']) =>
  ((await b.get('/api/bonuses/profile/bonuses')).json() as BonusesResponse).activityBonuses.everyWeek;

async function usdGame(userId: string) {
  const session = await ctx.app.wallet.createGameSession({
    userId,
    currency: 'USD',
    gameCode: 'european-roulette',
    providerCode: STUDIO_PROVIDER.code,
  });
  const common = {
    providerCode: STUDIO_PROVIDER.code,
    sessionToken: session.token,
    userId,
    currency: 'USD' as const,
  };
  return {
    bet: (id: string, amount: number) =>
      ctx.app.wallet.bet({
        ...common,
        transactionId: id,
        roundId: id,
        amount,
        gameCode: 'european-roulette',
      }),
    rollback: (betId: string) =>
      ctx.app.wallet.rollback({
        providerCode: STUDIO_PROVIDER.code,
        transactionId: `rollback-${betId}`,
        referenceTransactionId: betId,
        roundId: betId,
      }),
  };
}

describe('bonus counters', () => {
  it('merge in any order to the same counters (periods, bet days, flags)', () => {
    const userId = randomUUID();
    const deltas: CounterDelta[] = [
      {
        ...emptyDelta(userId),
        weekStart: '2026-11-16',
        weekBets: 300,
        monthStart: '2026-11-01',
        monthBets: 300,
      },
      {
        ...emptyDelta(userId),
        weekStart: '2026-11-23',
        weekBets: 100,
        monthStart: '2026-11-01',
        monthBets: 100,
      },
      { ...emptyDelta(userId), weekStart: '2026-11-23', weekWins: 250 },
      { ...emptyDelta(userId), lastBetDay: '2026-11-20', betDays: 1, placedBet: true },
      { ...emptyDelta(userId), lastBetDay: '2026-11-24', betDays: 1 },
      { ...emptyDelta(userId), lastBetDay: '2026-11-10', betDays: 1, deposited: true },
    ];
    const fold = (list: CounterDelta[]) => list.reduce(mergeCounters);
    const expected = {
      ...emptyDelta(userId),
      weekStart: '2026-11-23',
      weekBets: 100,
      weekWins: 250,
      monthStart: '2026-11-01',
      monthBets: 400,
      lastBetDay: '2026-11-24',
      // The 24th (bit 0) and the 20th (4 days before); the 10th is out of the window.
      betDays: 0b10001,
      placedBet: true,
      deposited: true,
    };
    expect(fold(deltas)).toEqual(expected);
    expect(fold([...deltas].reverse())).toEqual(expected);
    const [first, ...rest] = deltas;
    expect(fold([...rest, first!])).toEqual(expected);
    expect(mergeCounters(fold(deltas.slice(0, 3)), fold(deltas.slice(3)))).toEqual(expected);
  });

  it('an event delivered again counts once; a rolled-back bet is taken off its week', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 100);
    const game = await usdGame(userId);
    const betId = `bet-${randomUUID()}`;
    await game.bet(betId, 40_00);
    await game.bet(`bet-${randomUUID()}`, 2_00);
    await quiesce(ctx.app);
    expect(await weekly(b)).toMatchObject({ sumOfBets: 42 });

    // Every event of the player dispatched again: the subscriber's inbox keeps the counters as they are.
    const ids = (
      await ctx.app.database.db
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(sql`${domainEvents.payload}->>'userId' = ${userId}`)
    ).map((row) => row.id);
    await ctx.app.database.db
      .update(domainEvents)
      .set({ dispatchedAt: null })
      .where(inArray(domainEvents.id, ids));
    await quiesce(ctx.app);
    expect(await weekly(b)).toMatchObject({ sumOfBets: 42 });

    await game.rollback(betId);
    await quiesce(ctx.app);
    expect(await weekly(b)).toMatchObject({ sumOfBets: 2 });
    expect(await countersOf(userId)).toMatchObject({ weekBets: 2_00, monthBets: 2_00, placedBet: true });
  });

  it('the back-fill rebuilds a player’s counters from history before the cut-off, once', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 100);
    const game = await usdGame(userId);
    await game.bet(`bet-${randomUUID()}`, 7_00);
    await quiesce(ctx.app);
    const kept = await countersOf(userId);
    const db = ctx.app.database.db;
    // As on a platform deployed before the counters: none kept, a cut-off after the bet.
    await db.delete(bonusCounters).where(eq(bonusCounters.userId, userId));
    const cutoff = new Date(Date.now() + 1000);
    await db.update(bonusCountersBackfill).set({ cutoff, afterUserId: null, done: false });
    const sources = {
      db,
      wallet: ctx.app.wallet,
      accounts: ctx.app.identity,
      payments: ctx.app.payments,
      now: () => new Date(),
    };
    await backfillCounters(sources, cutoff, ctx.app.log);
    const filled = await countersOf(userId);
    expect(filled).toMatchObject({
      weekBets: 7_00,
      monthBets: 7_00,
      lastBetDay: kept?.lastBetDay,
      betDays: 1,
      confirmed: true,
      deposited: true,
      placedBet: true,
    });
    // Done: run again, it adds nothing.
    await backfillCounters(sources, cutoff, ctx.app.log);
    expect(await countersOf(userId)).toEqual(filled);
    expect(await weekly(b)).toMatchObject({ sumOfBets: 7 });
  });
});
