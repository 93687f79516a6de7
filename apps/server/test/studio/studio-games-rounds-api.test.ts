import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioRounds } from '../../src/modules/studio/schema.ts';
import { cents, createStudioTestApp, playerSession, sum, usd, walletRecords } from './api-helpers.ts';

let t: Awaited<ReturnType<typeof createStudioTestApp>>;
beforeAll(async () => {
  t = await createStudioTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('single-step rounds move money exactly as the result says', () => {
  it('baccarat', async () => {
    const p = await playerSession(t.app, 'baccarat');
    for (let i = 0; i < 5; i++) {
      const before = await usd(p.userId, t.app);
      const res = await p.call('POST', '/baccarat/play', { player: 1, banker: 2.5, tie: 0.5 });
      expect(res.statusCode).toBe(201);
      const { round, balance } = res.json();
      expect(round).toMatchObject({ game: 'baccarat', nonce: i, stake: 4, finished: true, serverSeed: null });
      expect(round.payout).toBe(round.result.totalPayout);
      const after = await usd(p.userId, t.app);
      expect(after).toBe(before - 400 + cents(round.payout));
      expect(cents(balance)).toBe(after);
      const records = await walletRecords(t.app, round.id);
      expect(records.filter((r) => r.kind === 'BET').map((r) => r.amount)).toEqual([400]);
      expect(sum(records.filter((r) => r.kind === 'WIN').map((r) => r.amount))).toBe(cents(round.payout));
    }
  });

  it('loto (keno)', async () => {
    const p = await playerSession(t.app, 'loto');
    const before = await usd(p.userId, t.app);
    const res = await p.call('POST', '/loto/play', { picks: [1, 2, 3, 4, 5], amount: 2 });
    expect(res.statusCode).toBe(201);
    const { round, balance } = res.json();
    expect(round.result.drawn).toHaveLength(20);
    expect(round.payout).toBe(round.result.payout);
    expect(await usd(p.userId, t.app)).toBe(before - 200 + cents(round.payout));
    expect(cents(balance)).toBe(before - 200 + cents(round.payout));
    const bad = await p.call('POST', '/loto/play', { picks: [1, 1], amount: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Pick each number once');
  });

  it('wild paws with cash, and from FREE_SPINS paying in USD', async () => {
    const p = await playerSession(t.app, 'wild-paws', { usd: 50_00, freeSpins: 3 });
    expect((await p.call('GET', '/balance')).json()).toMatchObject({ currency: 'USD', freeSpins: 3 });
    const before = await usd(p.userId, t.app);
    const cash = await p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 });
    expect(cash.statusCode).toBe(201);
    const c = cash.json().round;
    expect(await usd(p.userId, t.app)).toBe(before - 100 + cents(c.payout));

    let spinsLeft = 3;
    for (let i = 0; i < 3; i++) {
      const usdBefore = await usd(p.userId, t.app);
      const free = await p.call('POST', '/wild-paws/spin', { fund: 'freeSpin' });
      expect(free.statusCode).toBe(201);
      spinsLeft--;
      const { round, balance } = free.json();
      expect(round.result.fund).toBe('freeSpin');
      expect(await t.app.wallet.balanceOf(p.userId, 'FREE_SPINS')).toBe(spinsLeft);
      expect((await p.call('GET', '/balance')).json().freeSpins).toBe(spinsLeft);
      expect(await usd(p.userId, t.app)).toBe(usdBefore + cents(round.payout));
      expect(cents(balance)).toBe(usdBefore + cents(round.payout));
      const records = await walletRecords(t.app, round.id);
      expect(records.find((r) => r.kind === 'BET')).toMatchObject({ currency: 'FREE_SPINS', amount: 1 });
      for (const w of records.filter((r) => r.kind === 'WIN')) expect(w.currency).toBe('USD');
    }
    const none = await p.call('POST', '/wild-paws/spin', { fund: 'freeSpin' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'No free spins left', field: 'fund' });
    const step = await p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1.1 });
    expect(step.statusCode).toBe(400);
  });

  it('refuses a stake above the balance and writes nothing', async () => {
    const p = await playerSession(t.app, 'baccarat', { usd: 5_00 });
    const res = await p.call('POST', '/baccarat/play', { banker: 6 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, message: 'Insufficient funds', field: 'amount' });
    expect(await usd(p.userId, t.app)).toBe(5_00);
    const rows = await t.app.database.db.select().from(studioRounds).where(eq(studioRounds.userId, p.userId));
    expect(rows).toHaveLength(0);
    expect((await t.app.wallet.bets(p.userId)).count).toBe(0);
    expect((await p.call('GET', '/fairness')).json().nonce).toBe(0);
    const slot = await playerSession(t.app, 'wild-paws', { usd: 50 });
    const s = await slot.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 });
    expect(s.json()).toMatchObject({ message: 'Insufficient funds', field: 'stake' });
  });

  it('refuses a call for another game than the session', async () => {
    const p = await playerSession(t.app, 'baccarat');
    const res = await p.call('POST', '/loto/play', { picks: [1], amount: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This session is for another game');
  });
});

describe('video poker', () => {
  it('deals then draws, paying the final hand', async () => {
    const p = await playerSession(t.app, 'video-poker');
    const before = await usd(p.userId, t.app);
    const deal = await p.call('POST', '/video-poker/deal', { amount: 5 });
    expect(deal.statusCode).toBe(201);
    const dealt = deal.json().round;
    expect(dealt.finished).toBe(false);
    expect(dealt.result.phase).toBe('dealt');
    expect(await usd(p.userId, t.app)).toBe(before - 5_00);
    const held = [true, false, true, false, false];
    const draw = await p.call('POST', '/video-poker/draw', { roundId: dealt.id, held });
    expect(draw.statusCode).toBe(201);
    const { round, balance } = draw.json();
    expect(round.finished).toBe(true);
    expect(round.result.cards[0]).toBe(dealt.result.cards[0]);
    expect(round.result.cards[2]).toBe(dealt.result.cards[2]);
    expect(await usd(p.userId, t.app)).toBe(before - 5_00 + cents(round.payout));
    expect(cents(balance)).toBe(before - 5_00 + cents(round.payout));
    const twice = await p.call('POST', '/video-poker/draw', { roundId: dealt.id, held });
    expect(twice.statusCode).toBe(400);
    const other = await playerSession(t.app, 'video-poker');
    const stolen = await other.call('POST', '/video-poker/draw', { roundId: dealt.id, held });
    expect(stolen.statusCode).toBe(404);
  });
});
