import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioLaunches } from '../../src/modules/studio/schema.ts';
import { createPlayer, createStudioTestApp, launch, playerSession, STUDIO } from './api-helpers.ts';

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
