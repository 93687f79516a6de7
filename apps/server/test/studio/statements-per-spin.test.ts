import { authServerMessages } from '@paws/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bans } from '../../src/modules/identity/schema.ts';
import { countStatements, type StatementCount, stopBackgroundWork } from '../helpers/statement-count.ts';
import { cents, createStudioTestApp, movementsOf, playerSession, usd, walletRecords } from './api-helpers.ts';

/*
 * What one cash spin of Wild Paws sends to the database on the request path, through the real app and the
 * studio's HTTP route. Background work is stopped before counting (the event dispatcher, the job runner and
 * the live roulette table), and an idle stretch must count zero, so every statement counted is the request's.
 * A change that adds a round trip to the spin fails here.
 */

let t: Awaited<ReturnType<typeof createStudioTestApp>>;
beforeAll(async () => {
  t = await createStudioTestApp();
  await stopBackgroundWork(t.app);
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One cash spin, and what it sent to the database. */
async function countedSpin(p: Awaited<ReturnType<typeof playerSession>>) {
  const spin = () => p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 });
  let res: Awaited<ReturnType<typeof spin>> | undefined;
  const count = await countStatements(t.app.database, async () => {
    res = await spin();
  });
  if (!res) throw new Error('no answer');
  return { res, count, message: count.texts.join('\n---\n') };
}

describe('statements per spin', () => {
  it('nothing runs in the background while counting', async () => {
    const idle = await countStatements(t.app.database, () => sleep(300));
    expect(idle.statements, idle.texts.join('\n')).toBe(0);
  });

  it('a losing spin is one statement; a winning spin one transaction of two (begin and commit around them)', async () => {
    const p = await playerSession(t.app, 'wild-paws', { usd: 500_00 });
    const seen: { won?: StatementCount; lost?: StatementCount } = {};
    // Between a quarter and three quarters of spins pay: sixty spins see both kinds (a miss: under 1 in 10^7).
    for (let i = 0; i < 60 && !(seen.won && seen.lost); i++) {
      const before = await usd(p.userId, t.app);
      const { res, count, message } = await countedSpin(p);
      expect(res.statusCode, res.body).toBe(201);
      const { round, balance } = res.json() as { round: { id: string; payout: number }; balance: number };
      // Everything is kept: the money, the history rows, the events (once each) and the balance answered.
      expect(await usd(p.userId, t.app)).toBe(before - 100 + cents(round.payout));
      expect(cents(balance)).toBe(before - 100 + cents(round.payout));
      const kinds = round.payout > 0 ? ['BET', 'WIN'] : ['BET'];
      expect((await walletRecords(t.app, round.id)).map((r) => r.kind)).toEqual(kinds);
      expect(await movementsOf(t.app, round.id)).toEqual(kinds);

      expect(count.statements, message).toBeLessThanOrEqual(4);
      expect(count.begins, message).toBeLessThanOrEqual(1);
      if (round.payout > 0) {
        expect([count.statements, count.begins], message).toEqual([4, 1]);
        seen.won = count;
      } else {
        expect([count.statements, count.begins], message).toEqual([1, 0]);
        seen.lost = count;
      }
    }
    expect(seen.won, 'no winning spin in 60').toBeDefined();
    expect(seen.lost, 'no losing spin in 60').toBeDefined();
  });

  it('a banned player’s spin is refused at once, moving nothing', async () => {
    const p = await playerSession(t.app, 'wild-paws', { usd: 50_00 });
    expect((await countedSpin(p)).res.statusCode).toBe(201);
    const before = await usd(p.userId, t.app);
    // Written straight to identity's table: no event, no cache to invalidate, the next spin sees it.
    await t.app.database.db
      .insert(bans)
      .values({ userId: p.userId, reason: 'testing', startsAt: new Date() });

    const { res, count, message } = await countedSpin(p);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: authServerMessages.banned });
    // The refused statement and the look for a prior call with its id (none), inside begin and rollback when
    // the round would have paid.
    expect(count.statements, message).toBeLessThanOrEqual(4);
    expect(await usd(p.userId, t.app)).toBe(before);
  });
});
