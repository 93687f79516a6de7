import { verify } from '@paws/studio-engine/verify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioPendingDebits, studioRounds, studioSeedPairs } from '../../src/modules/studio/schema.ts';
import { cents, createStudioTestApp, playerSession, usd } from './api-helpers.ts';

/*
 * A spin plays on the seed pair as this process knows it and writes its round only at that pair's next nonce.
 * Whatever moved the pair meanwhile (a rotation, a parallel spin, another process), every round keeps a nonce
 * of its own, with no gap, and verifies from the revealed seed.
 */

let t: Awaited<ReturnType<typeof createStudioTestApp>>;
beforeAll(async () => {
  t = await createStudioTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Session = Awaited<ReturnType<typeof playerSession>>;
const spin = async (p: Session) => {
  const res = await p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().round as { id: string; nonce: number; serverSeedHash: string; payout: number };
};
const activePair = async (userId: string) => {
  const [pair] = await t.app.database.db
    .select()
    .from(studioSeedPairs)
    .where(and(eq(studioSeedPairs.userId, userId), isNull(studioSeedPairs.revealedAt)));
  return pair;
};

describe('the nonces of single-step rounds', () => {
  it('follow a rotation: the next spin plays nonce 0 of the new pair, the old rounds verify', async () => {
    const p = await playerSession(t.app, 'wild-paws');
    const played = [await spin(p), await spin(p)];
    expect(played.map((r) => r.nonce)).toEqual([0, 1]);
    const rotated = (await p.call('POST', '/fairness/rotate', {})).json();
    expect(rotated.revealed.lastNonce).toBe(1);
    const next = await spin(p);
    expect([next.nonce, next.serverSeedHash]).toEqual([0, rotated.next.serverSeedHash]);
    for (const round of played) {
      const replay = verify(rotated.revealed.serverSeed, rotated.revealed.clientSeed, round.nonce, 'slot', {
        bet: { fund: 'cash', stake: 100 },
      });
      expect(replay.result.totalPayout).toBe(cents(round.payout));
    }
  });

  it('take up where another process left the pair', async () => {
    const p = await playerSession(t.app, 'wild-paws');
    expect((await spin(p)).nonce).toBe(0);
    // Another process played nonces 1 and 2 on the same pair.
    const pair = await activePair(p.userId);
    await t.app.database.db
      .update(studioSeedPairs)
      .set({ nonce: sql`${studioSeedPairs.nonce} + 2` })
      .where(eq(studioSeedPairs.id, pair!.id));
    expect((await spin(p)).nonce).toBe(3);
    expect((await activePair(p.userId))?.nonce).toBe(4);
  });

  it('stay unique and gap-free under parallel spins, each paid as its result says', async () => {
    const p = await playerSession(t.app, 'wild-paws', { usd: 100_00 });
    const before = await usd(p.userId, t.app);
    const rounds = await Promise.all(Array.from({ length: 12 }, () => spin(p)));
    expect(rounds.map((r) => r.nonce).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    const paid = rounds.reduce((sum, r) => sum + cents(r.payout), 0);
    expect(await usd(p.userId, t.app)).toBe(before - 12 * 100 + paid);
    const stored = await t.app.database.db
      .select()
      .from(studioRounds)
      .where(eq(studioRounds.userId, p.userId));
    expect(stored).toHaveLength(12);
    // Debit and round commit together: no intent is left for recovery, and every win is marked paid.
    expect(stored.filter((r) => r.payout > 0 && r.paidAt === null)).toEqual([]);
    const intents = await t.app.database.db
      .select()
      .from(studioPendingDebits)
      .where(eq(studioPendingDebits.userId, p.userId));
    expect(intents).toEqual([]);
  });

  it('refuse a stake above the balance without using a nonce', async () => {
    const p = await playerSession(t.app, 'wild-paws', { usd: 1_00 });
    const res = await p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 5 });
    expect(res.statusCode).toBe(400);
    expect((await activePair(p.userId))?.nonce).toBe(0);
    expect((await spin(p)).nonce).toBe(0);
  });
});
