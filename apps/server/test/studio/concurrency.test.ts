import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioRounds, studioSeedPairs } from '../../src/modules/studio/schema.ts';
import { createStudioTestApp, playerSession, sum, usd } from './api-helpers.ts';

describe('parallel requests on one studio session', () => {
  let t: Awaited<ReturnType<typeof createStudioTestApp>>;
  beforeAll(async () => {
    t = await createStudioTestApp();
  });
  afterAll(() => t.close());

  it('fifty parallel blackjack deals open at most one round; every refused deal is refunded', async () => {
    const p = await playerSession(t.app, 'blackjack');
    const before = await usd(p.userId, t.app);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => p.call('POST', '/blackjack/deal', { amount: 1 })),
    );
    const rounds = await t.app.database.db
      .select()
      .from(studioRounds)
      .where(eq(studioRounds.userId, p.userId));
    const open = await t.app.database.db
      .select()
      .from(studioRounds)
      .where(and(eq(studioRounds.userId, p.userId), eq(studioRounds.finished, false)));
    expect(open.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(rounds.length);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.json()).toMatchObject({ statusCode: 400, message: 'Finish the current round first' });
    }
    // Every deal that did not become a round gave its stake back.
    const paid = sum(rounds.filter((r) => r.paidAt !== null).map((r) => r.payout));
    expect(await usd(p.userId, t.app)).toBe(before - sum(rounds.map((r) => r.stake)) + paid);
  });

  it('thirty parallel seed rotations all succeed, each revealing a different pair, leaving one active', async () => {
    const p = await playerSession(t.app, 'wild-paws');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => p.call('POST', '/fairness/rotate', {})),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(201));
    const revealed = new Set(answers.map((a) => a.json().revealed.serverSeed));
    expect(revealed.size).toBe(30);
    const active = await t.app.database.db
      .select()
      .from(studioSeedPairs)
      .where(and(eq(studioSeedPairs.userId, p.userId), isNull(studioSeedPairs.revealedAt)));
    expect(active).toHaveLength(1);
  });
});
