import { createHash } from 'node:crypto';
import { ACE, cardRank } from '@paws/studio-engine/cards';
import { fairStream, hashServerSeed } from '@paws/studio-engine/fair';
import * as blackjack from '@paws/studio-engine/games/blackjack';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateServerSeed } from '../../src/modules/studio/fair-seeds.ts';
import { studioLaunches, studioRounds, studioSeedPairs } from '../../src/modules/studio/schema.ts';
import {
  cents,
  createPlayer,
  createStudioTestApp,
  launch,
  playerSession,
  STUDIO,
  sum,
  usd,
  walletRecords,
} from './api-helpers.ts';

let t: Awaited<ReturnType<typeof createStudioTestApp>>;
beforeAll(async () => {
  t = await createStudioTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('launch and session', () => {
  it('returns the game page url with a one-time code, which opens one session only', async () => {
    const player = await createPlayer(t.app, { usd: 10_00 });
    const { url, code } = await launch(t.app, player.userId, 'baccarat');
    expect(url).toMatch(/^http:\/\/platform\.test\/studio\/baccarat\.html\?launch=/);
    const first = await t.app.inject({ method: 'POST', url: `${STUDIO}/session`, payload: { launch: code } });
    expect(first.statusCode).toBe(201);
    const body = first.json();
    expect(body).toMatchObject({
      game: 'baccarat',
      currency: 'USD',
      balance: 10,
      player: { username: player.username },
      fairness: { nonce: 0 },
    });
    expect(body.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const again = await t.app.inject({ method: 'POST', url: `${STUDIO}/session`, payload: { launch: code } });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('This game link has expired or was already used');
  });

  it('refuses an expired launch code', async () => {
    const player = await createPlayer(t.app, { usd: 10_00 });
    const { code } = await launch(t.app, player.userId, 'loto');
    const hash = createHash('sha256').update(code).digest('hex');
    await t.app.database.db
      .update(studioLaunches)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(studioLaunches.codeHash, hash));
    const res = await t.app.inject({ method: 'POST', url: `${STUDIO}/session`, payload: { launch: code } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an unknown game code at launch', async () => {
    const player = await createPlayer(t.app);
    await expect(launch(t.app, player.userId, 'poker-deluxe')).rejects.toThrow('Unknown game');
  });

  it('needs the bearer session on every game call', async () => {
    for (const [method, url] of [
      ['GET', '/balance'],
      ['GET', '/fairness'],
      ['GET', '/rounds'],
      ['POST', '/baccarat/play'],
    ] as const) {
      const none = await t.app.inject({
        method,
        url: `${STUDIO}${url}`,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(none.statusCode, url).toBe(401);
      const wrong = await t.app.inject({
        method,
        url: `${STUDIO}${url}`,
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.statusCode, url).toBe(401);
    }
    const p = await playerSession(t.app, 'baccarat');
    const balance = await p.call('GET', '/balance');
    expect(balance.json()).toEqual({ currency: 'USD', balance: 100 });
  });

  it('serves rules and paytables for every game', async () => {
    for (const game of ['european-roulette', 'blackjack', 'baccarat', 'video-poker', 'wild-paws', 'loto']) {
      const res = await t.app.inject({ method: 'GET', url: `${STUDIO}/games/${game}/info` });
      expect(res.statusCode).toBe(200);
      const info = res.json();
      expect(info.game).toBe(game);
      expect(info.rtp).toBeGreaterThan(90);
      expect(info.rules.length).toBeGreaterThan(0);
      expect(info.paytable.length).toBeGreaterThan(0);
    }
  });
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

/** Gives the player's active pair a server seed the test picked (so the deal is known). */
async function plantSeed(
  userId: string,
  game: string,
  accept: (serverSeed: string, clientSeed: string, nonce: number) => boolean,
) {
  const [pair] = await t.app.database.db
    .select()
    .from(studioSeedPairs)
    .where(eq(studioSeedPairs.userId, userId));
  if (!pair || pair.game !== game) throw new Error('no pair');
  for (let i = 0; i < 5000; i++) {
    const serverSeed = generateServerSeed();
    if (accept(serverSeed, pair.clientSeed, pair.nonce)) {
      await t.app.database.db
        .update(studioSeedPairs)
        .set({ serverSeed, serverSeedHash: hashServerSeed(serverSeed) })
        .where(eq(studioSeedPairs.id, pair.id));
      return serverSeed;
    }
  }
  throw new Error('no seed found');
}

describe('blackjack', () => {
  it('deals, splits, doubles and settles, each extra stake its own debit', async () => {
    const p = await playerSession(t.app, 'blackjack');
    await plantSeed(p.userId, 'blackjack', (serverSeed, clientSeed, nonce) => {
      const s = blackjack.deal(fairStream({ serverSeed, clientSeed, nonce }), { amount: 1000 });
      const [a, b] = s.hands[0]?.cards ?? [];
      return (
        s.phase === 'playing' &&
        blackjack.allowedActions(s).includes('split') &&
        cardRank(a as number) !== ACE &&
        cardRank(b as number) !== ACE
      );
    });
    const before = await usd(p.userId, t.app);
    const deal = await p.call('POST', '/blackjack/deal', { amount: 10 });
    expect(deal.statusCode).toBe(201);
    let { round } = deal.json();
    expect(round.result.dealer.holeCardHidden).toBe(true);
    expect(round.result.dealer.cards).toHaveLength(1);
    expect(round.result.allowedActions).toContain('split');
    expect(await usd(p.userId, t.app)).toBe(before - 10_00);
    const again = await p.call('POST', '/blackjack/deal', { amount: 10 });
    expect(again.json().message).toBe('Finish the current round first');

    const split = await p.call('POST', '/blackjack/action', { roundId: round.id, action: 'split' });
    expect(split.statusCode).toBe(201);
    round = split.json().round;
    expect(round.result.hands).toHaveLength(2);
    expect(round.stake).toBe(20);
    expect(await usd(p.userId, t.app)).toBe(before - 20_00);
    const actions: string[] = ['split'];
    let doubled = false;
    while (!round.finished) {
      const allowed: string[] = round.result.allowedActions;
      const action = !doubled && allowed.includes('double') ? 'double' : 'stand';
      if (action === 'double') doubled = true;
      actions.push(action);
      const res = await p.call('POST', '/blackjack/action', { roundId: round.id, action });
      expect(res.statusCode, res.body).toBe(201);
      round = res.json().round;
    }
    expect(doubled).toBe(true);
    expect(round.stake).toBe(30);
    expect(round.result.dealer.holeCardHidden).toBe(false);
    const after = await usd(p.userId, t.app);
    expect(after).toBe(before - 30_00 + cents(round.payout));
    expect(cents(round.result.totalPayout)).toBe(cents(round.payout));
    const records = await walletRecords(t.app, round.id);
    expect(
      records
        .filter((r) => r.kind === 'BET')
        .map((r) => r.amount)
        .sort(),
    ).toEqual([1000, 1000, 1000]);
    expect(sum(records.filter((r) => r.kind === 'WIN').map((r) => r.amount))).toBe(cents(round.payout));

    const finished = await p.call('POST', '/blackjack/action', { roundId: round.id, action: 'stand' });
    expect(finished.statusCode).toBe(400);

    // The verify route replays the same actions to the same result.
    const rotated = (await p.call('POST', '/fairness/rotate', {})).json();
    const v = await t.app.inject({
      method: 'POST',
      url: `${STUDIO}/verify`,
      payload: {
        game: 'blackjack',
        serverSeed: rotated.revealed.serverSeed,
        clientSeed: rotated.revealed.clientSeed,
        nonce: round.nonce,
        input: { bet: { amount: 10 }, actions },
      },
    });
    expect(v.statusCode).toBe(200);
    expect(v.json().result).toEqual(round.result);
  });

  it('refuses an action the hand does not allow, and a double without the money', async () => {
    const p = await playerSession(t.app, 'blackjack', { usd: 15_00 });
    await plantSeed(p.userId, 'blackjack', (serverSeed, clientSeed, nonce) => {
      const s = blackjack.deal(fairStream({ serverSeed, clientSeed, nonce }), { amount: 1000 });
      return s.phase === 'playing' && !blackjack.allowedActions(s).includes('split');
    });
    const { round } = (await p.call('POST', '/blackjack/deal', { amount: 10 })).json();
    const split = await p.call('POST', '/blackjack/action', { roundId: round.id, action: 'split' });
    expect(split.statusCode).toBe(400);
    const double = await p.call('POST', '/blackjack/action', { roundId: round.id, action: 'double' });
    expect(double.json()).toMatchObject({ statusCode: 400, message: 'Insufficient funds' });
    expect(await usd(p.userId, t.app)).toBe(5_00);
    const stand = await p.call('POST', '/blackjack/action', { roundId: round.id, action: 'stand' });
    expect(stand.statusCode).toBe(201);
    expect(stand.json().round.finished).toBe(true);
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

describe('fairness', () => {
  it('rotation reveals the seed whose hash was shown, and verify recomputes past rounds', async () => {
    const p = await playerSession(t.app, 'baccarat');
    const shown = (await p.call('GET', '/fairness')).json();
    expect(shown).toEqual(p.session.fairness);
    const played = [];
    for (let i = 0; i < 3; i++)
      played.push((await p.call('POST', '/baccarat/play', { player: 1 })).json().round);
    expect(played.map((r) => r.nonce)).toEqual([0, 1, 2]);
    expect((await p.call('GET', '/fairness')).json().nonce).toBe(3);

    const rot = await p.call('POST', '/fairness/rotate', { clientSeed: 'my lucky seed' });
    expect(rot.statusCode).toBe(201);
    const { revealed, next } = rot.json();
    expect(revealed.serverSeedHash).toBe(shown.serverSeedHash);
    expect(createHash('sha256').update(revealed.serverSeed).digest('hex')).toBe(shown.serverSeedHash);
    expect(revealed).toMatchObject({ clientSeed: shown.clientSeed, lastNonce: 2 });
    expect(next).toMatchObject({ clientSeed: 'my lucky seed', nonce: 0 });
    expect(next.serverSeedHash).not.toBe(shown.serverSeedHash);

    for (const round of played) {
      const v = await t.app.inject({
        method: 'POST',
        url: `${STUDIO}/verify`,
        payload: {
          game: 'baccarat',
          serverSeed: revealed.serverSeed,
          clientSeed: revealed.clientSeed,
          nonce: round.nonce,
          input: { bet: { player: 1 } },
        },
      });
      expect(v.statusCode).toBe(200);
      expect(v.json()).toEqual({ serverSeedHash: shown.serverSeedHash, result: round.result });
    }

    const history = (await p.call('GET', '/rounds?game=baccarat&limit=2')).json().rounds;
    expect(history.map((r: { id: string }) => r.id)).toEqual([played[2].id, played[1].id]);
    expect(history[0].serverSeed).toBe(revealed.serverSeed);
    const fresh = (await p.call('POST', '/baccarat/play', { player: 1 })).json().round;
    expect(fresh).toMatchObject({ nonce: 0, clientSeed: 'my lucky seed', serverSeed: null });

    const badSeed = await p.call('POST', '/fairness/rotate', { clientSeed: ' padded' });
    expect(badSeed.statusCode).toBe(400);
    const badVerify = await t.app.inject({
      method: 'POST',
      url: `${STUDIO}/verify`,
      payload: {
        game: 'loto',
        serverSeed: 'zz',
        clientSeed: 'a',
        nonce: 0,
        input: { bet: { picks: [1], amount: 1 } },
      },
    });
    expect(badVerify.statusCode).toBe(400);
  });

  it('lists only the player’s own rounds', async () => {
    const a = await playerSession(t.app, 'loto');
    const b = await playerSession(t.app, 'loto');
    await a.call('POST', '/loto/play', { picks: [7], amount: 1 });
    expect((await b.call('GET', '/rounds')).json().rounds).toEqual([]);
    expect((await a.call('GET', '/rounds')).json().rounds).toHaveLength(1);
  });
});
