import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@paws/contracts/events';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../src/core/events/schema.ts';
import { subscriptions } from '../../src/modules/manifest.ts';
import { createStudioTestApp, playerSession } from './api-helpers.ts';

/*
 * A round played in one call (a single-step game of the in-process studio) carries its stake on its win's
 * wallet.moved event, so the dispatcher hands notifications.notices only the wins that can be a notice: an
 * ordinary win makes no notices job at all.
 */

let t: Awaited<ReturnType<typeof createStudioTestApp>>;
beforeAll(async () => {
  t = await createStudioTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a round played in one call', () => {
  it('names its stake on the WIN event, not on the BET event', async () => {
    const player = await playerSession(t.app, 'wild-paws');
    let won: { id: string; payout: number } | undefined;
    for (let spin = 0; spin < 80 && !won; spin++) {
      const res = await player.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 });
      expect(res.statusCode, res.body).toBe(201);
      const { round } = res.json() as { round: { id: string; payout: number } };
      if (round.payout > 0) won = round;
    }
    expect(won, 'a winning spin within 80').toBeDefined();
    const rows = await t.app.database.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.name, 'wallet.moved'),
          sql`${domainEvents.payload}->'game'->>'roundId' = ${won?.id}`,
        ),
      )
      .orderBy(domainEvents.id);
    const moved = rows.map((row) => row.payload as { kind: string; game?: { stake?: number } });
    expect(moved.map((payload) => [payload.kind, payload.game?.stake])).toEqual([
      ['BET', undefined],
      ['WIN', 100],
    ]);
  });
});

describe('notifications.notices at dispatch', () => {
  const accepts = subscriptions['notifications.notices'].accepts;
  const win = (amount: number, stake?: number) =>
    ({
      id: randomUUID(),
      name: 'wallet.moved',
      createdAt: new Date().toISOString(),
      payload: {
        kind: 'WIN',
        userId: randomUUID(),
        currency: 'USD',
        amount,
        balance: 10_000,
        ledgerTransactionId: randomUUID(),
        at: new Date().toISOString(),
        game: {
          providerCode: 'paws-studio',
          gameCode: 'wild-paws',
          roundId: randomUUID(),
          ...(stake !== undefined && { stake }),
        },
      },
    }) as DomainEvent;

  it('takes a win that carries its stake only when it is notable', () => {
    expect(accepts(win(200, 100))).toBe(false);
    expect(accepts(win(999, 100))).toBe(false);
    // Ten times the stake, or $100 whatever the stake.
    expect(accepts(win(1_000, 100))).toBe(true);
    expect(accepts(win(100_00, 5_000))).toBe(true);
  });

  it('takes every win whose stake it was not told (another provider, a multi-step round)', () => {
    expect(accepts(win(200))).toBe(true);
  });
});
