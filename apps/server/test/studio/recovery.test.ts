import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioPendingDebits, studioRounds } from '../../src/modules/studio/schema.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/index.ts';
import { createStudioTestApp, playerSession, usd } from './api-helpers.ts';

const longAgo = () => new Date(Date.now() - 5 * 60_000);

describe('studio recovery: what a stopped process left half-way is finished or undone, once', () => {
  let t: Awaited<ReturnType<typeof createStudioTestApp>>;
  const db = () => t.app.database.db;
  beforeAll(async () => {
    t = await createStudioTestApp();
  });
  afterAll(() => t.close());

  async function walletSession(userId: string) {
    const { token } = await t.app.wallet.createGameSession({
      userId,
      gameCode: 'wild-paws',
      providerCode: STUDIO_PROVIDER.code,
      currency: 'USD',
    });
    return token;
  }

  it('refunds a bet the wallet took for a round that was never stored, and only once', async () => {
    const p = await playerSession(t.app, 'wild-paws');
    const before = await usd(p.userId, t.app);
    const roundId = randomUUID();
    // The intent and the debit happen; the process stops before the round is stored.
    await t.app.studio.service.debit(
      {
        transactionId: `${roundId}:bet`,
        roundId,
        sessionToken: await walletSession(p.userId),
        userId: p.userId,
        currency: 'USD',
        cents: 250,
        game: 'wild-paws',
      },
      'stake',
    );
    expect(await usd(p.userId, t.app)).toBe(before - 250);
    expect(await t.app.studio.service.recover()).toEqual({ refunded: 0, settled: 0, winsPaid: 0 });

    await db()
      .update(studioPendingDebits)
      .set({ createdAt: longAgo() })
      .where(eq(studioPendingDebits.roundId, roundId));
    expect(await t.app.studio.service.recover()).toMatchObject({ refunded: 1 });
    expect(await usd(p.userId, t.app)).toBe(before);
    expect(await t.app.studio.service.recover()).toMatchObject({ refunded: 0 });
    expect(await usd(p.userId, t.app)).toBe(before);
  });

  it('forgets the intent of a bet whose round was stored, without refunding it', async () => {
    const p = await playerSession(t.app, 'wild-paws');
    const spin = (await p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 })).json().round;
    const balance = await usd(p.userId, t.app);
    expect(await db().$count(studioPendingDebits, eq(studioPendingDebits.roundId, spin.id))).toBe(0);
    // As if the round's transaction had not deleted it.
    await db()
      .insert(studioPendingDebits)
      .values({
        transactionId: `${spin.id}:bet`,
        roundId: spin.id,
        userId: p.userId,
        currency: 'USD',
        createdAt: longAgo(),
      });
    expect(await t.app.studio.service.recover()).toMatchObject({ settled: 1, refunded: 0 });
    expect(await usd(p.userId, t.app)).toBe(balance);
  });

  it("credits a finished round's unpaid win once", async () => {
    const p = await playerSession(t.app, 'wild-paws');
    let lost: { id: string } | undefined;
    for (let i = 0; i < 50 && !lost; i++) {
      const round = (await p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 })).json().round;
      if (round.payout === 0) lost = round;
    }
    if (!lost) throw new Error('fifty winning spins in a row');
    const balance = await usd(p.userId, t.app);
    // The round finished with a win and the process stopped before the wallet credited it.
    await db().update(studioRounds).set({ payout: 500, paidAt: null }).where(eq(studioRounds.id, lost.id));
    await db().execute(sql`update studio_rounds set updated_at = ${longAgo()} where id = ${lost.id}`);
    expect(await t.app.studio.service.recover()).toMatchObject({ winsPaid: 1 });
    expect(await usd(p.userId, t.app)).toBe(balance + 500);
    expect(await t.app.studio.service.recover()).toMatchObject({ winsPaid: 0 });
    expect(await usd(p.userId, t.app)).toBe(balance + 500);
  });
});
