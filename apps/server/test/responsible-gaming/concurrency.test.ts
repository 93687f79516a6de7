import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { closePoolFully, ledgerProblems, noProblems } from '../wallet/helpers.ts';
import { fundedPlayer, LIMITS, setLimit } from './helpers.ts';

// Real parallelism needs a pool of real connections: these run on PostgreSQL (CI sets DATABASE_URL).
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('limits under concurrency (PostgreSQL)', () => {
  let ctx: IdentityTestApp;
  beforeAll(async () => {
    if (!onPostgres) return;
    ctx = await createIdentityTestApp();
    closePoolFully(ctx as unknown as Parameters<typeof closePoolFully>[0]);
  });
  afterAll(async () => {
    if (onPostgres) await ctx.close();
  });

  async function race(kind: 'LOSS' | 'WAGER', limit: number, stake: number) {
    const p = await fundedPlayer(ctx, 100_00);
    expect((await setLimit(p.b, { kind, period: 'DAY', amount: limit })).statusCode).toBe(200);
    const started = performance.now();
    const responses = await Promise.all(Array.from({ length: 50 }, () => p.bet(stake)));
    const ms = performance.now() - started;
    const accepted = responses.filter((r) => r.statusCode === 200);
    for (const r of responses.filter((r) => r.statusCode !== 200))
      expect(r.json()).toMatchObject({ statusCode: 403, code: 'LIMIT_REACHED' });
    const used = (await p.b.get(LIMITS))
      .json()
      .limits.find((l: { kind: string; period: string }) => l.kind === kind && l.period === 'DAY');
    return { p, accepted: accepted.length, used, ms };
  }

  it.skipIf(!onPostgres)('50 parallel bets of 1.00 against a 10.00 loss limit: exactly 10 pass', async () => {
    const { p, accepted, used, ms } = await race('LOSS', 10, 1);
    console.info(`50 parallel bets on a loss limit: ${accepted} accepted in ${ms.toFixed(0)} ms`);
    expect(accepted).toBe(10);
    expect(used).toMatchObject({ used: 10, left: 0 });
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(90_00);
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
  });

  it.skipIf(!onPostgres)(
    '50 parallel bets of 0.30 against a 10.00 wager limit: 33 pass, 9.90 wagered',
    async () => {
      const { p, accepted, used } = await race('WAGER', 10, 0.3);
      expect(accepted).toBe(33);
      expect(used).toMatchObject({ used: 9.9, left: 0.1 });
      expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(100_00 - 9_90);
    },
  );
});
