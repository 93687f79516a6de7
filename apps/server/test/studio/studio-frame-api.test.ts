import { studioRoundSchema } from '@paws/contracts/studio-api';
import { verify } from '@paws/studio-engine/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, createStudioTestApp, launch, playerSession, STUDIO } from './api-helpers.ts';

let t: Awaited<ReturnType<typeof createStudioTestApp>>;
beforeAll(async () => {
  t = await createStudioTestApp();
});
afterAll(async () => {
  await t?.close();
});

const openSession = (payload: { launch: string; host?: string }) =>
  t.app.inject({ method: 'POST', url: `${STUDIO}/session`, payload });

describe('the host page of the game frame', () => {
  it('names the host origin in the launch address and confirms it when the page opens its session', async () => {
    const player = await createPlayer(t.app, { usd: 10_00 });
    const { url, code } = await launch(t.app, player.userId, 'baccarat');
    const host = new URL(url).searchParams.get('host');
    expect(host).toBe(new URL(t.env.PLATFORM_URL).origin);
    const res = await openSession({ launch: code, host: host as string });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().hostOrigin).toBe(host);
  });

  it('accepts the landing face as host, and no host at all (then the page posts nowhere)', async () => {
    const player = await createPlayer(t.app, { usd: 10_00 });
    const landing = new URL(t.env.LANDING_URL).origin;
    const first = await launch(t.app, player.userId, 'loto');
    expect((await openSession({ launch: first.code, host: landing })).json().hostOrigin).toBe(landing);
    const second = await launch(t.app, player.userId, 'loto');
    expect((await openSession({ launch: second.code })).json().hostOrigin).toBeNull();
  });

  it('refuses any other host without spending the launch code', async () => {
    const player = await createPlayer(t.app, { usd: 10_00 });
    const { code } = await launch(t.app, player.userId, 'baccarat');
    const platform = new URL(t.env.PLATFORM_URL).origin;
    for (const host of ['https://evil.test', '*', `${platform}/studio`, `${platform}.evil.test`, 'null']) {
      const res = await openSession({ launch: code, host });
      expect(res.statusCode, host).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Unknown host page', field: 'host' });
    }
    expect((await openSession({ launch: code, host: platform })).statusCode).toBe(201);
  });

  it('builds no launch address for an origin that is not one of the operator’s faces', async () => {
    const provider = t.app.gameProviders.get('paws-studio');
    await expect(
      provider?.launchUrl({
        sessionToken: 'unused',
        gameCode: 'baccarat',
        currency: 'USD',
        origin: 'https://evil.test',
      }),
    ).rejects.toThrow('Unknown host page');
  });
});

describe('rounds a browser can verify', () => {
  it('lists a blackjack round with the decisions that replay it', async () => {
    const p = await playerSession(t.app, 'blackjack', { usd: 100_00 });
    let { round } = (await p.call('POST', '/blackjack/deal', { amount: 10 })).json();
    const actions: string[] = [];
    while (!round.finished) {
      const allowed: string[] = round.result.allowedActions;
      const action = allowed.includes('noInsurance') ? 'noInsurance' : actions.length === 0 ? 'hit' : 'stand';
      const next = allowed.includes(action) ? action : 'stand';
      actions.push(next);
      round = (await p.call('POST', '/blackjack/action', { roundId: round.id, action: next })).json().round;
    }
    const rotated = (await p.call('POST', '/fairness/rotate', {})).json();
    const listed = (await p.call('GET', '/rounds?game=blackjack')).json().rounds;
    expect(listed[0]).toMatchObject({ id: round.id, actions, serverSeed: rotated.revealed.serverSeed });
    // What the verify page does with it: the engine alone, fed the listed seeds, bet and decisions.
    const parsed = studioRoundSchema.parse(listed[0]);
    if (parsed.game !== 'blackjack' || !parsed.serverSeed) throw new Error('not a revealed blackjack round');
    const replay = verify(parsed.serverSeed, parsed.clientSeed, parsed.nonce, 'blackjack', {
      bet: { amount: 1000 },
      actions: parsed.actions,
    });
    expect(replay.serverSeedHash).toBe(parsed.serverSeedHash);
    expect(replay.result).toEqual(parsed.result);
  });
});
