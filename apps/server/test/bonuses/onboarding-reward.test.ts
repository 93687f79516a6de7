import type { UserBonusesResponse } from '@paws/contracts/bonuses';
import { onboardingMessages } from '@paws/contracts/onboarding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createIdentityTestApp, type IdentityTestApp, PLATFORM_HOST } from '../identity/helpers.ts';
import { signedInPlayer } from '../payments/helpers.ts';
import { ledgerProblems, noProblems } from '../wallet/helpers.ts';

const REWARD = '/api/bonuses/onboarding-reward';
let ctx: IdentityTestApp;

beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx?.close());

const paws = (userId: string) => ctx.app.wallet.balanceOf(userId, 'PAWS');

async function playerWithUsername(username: string) {
  const player = await signedInPlayer(ctx);
  const res = await player.b.post('/api/identity/profile/edit/username', { value: username });
  expect(res.statusCode).toBe(201);
  return player;
}

describe('onboarding reward', () => {
  it('answers 401 to visitors', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    expect((await b.get(REWARD)).statusCode).toBe(401);
    expect((await b.post(REWARD)).statusCode).toBe(401);
  });

  it('is refused with 409 until the player has a username, and credits nothing', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    const res = await b.post(REWARD);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: onboardingMessages.usernameMissing, field: 'username' });
    expect(await paws(userId)).toBe(0);
    expect((await b.get(REWARD)).json()).toEqual({ claimed: false, amount: 100, currencyCode: 'PAWS' });
  });

  it('credits 100 PAWS once per player, shown in the bonus history and the user data', async () => {
    const { b, userId } = await playerWithUsername('tourist1');
    const first = await b.post(REWARD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ claimed: true, amount: 100, currencyCode: 'PAWS' });
    const again = await b.post(REWARD);
    expect(again.statusCode).toBe(200);
    expect(await paws(userId)).toBe(100_00);
    expect((await b.get(REWARD)).json()).toMatchObject({ claimed: true });

    const history = (await b.get('/api/bonuses/user-bonuses')).json() as UserBonusesResponse;
    expect(history.userBonuses.filter((row) => row.presentationRuleName === 'Onboarding reward')).toEqual([
      expect.objectContaining({ amount: 100 }),
    ]);
    const data = (await b.get('/api/platform/profile/user-data')).json() as {
      balances: { currencyCode: string; amount: number }[];
    };
    expect(data.balances.find((balance) => balance.currencyCode === 'PAWS')?.amount).toBe(100);
    // The welcome tasks (in dollars) do not list the tour's reward.
    const overview = (await b.get('/api/bonuses/profile/bonuses')).json() as {
      welcomeBonuses: { onboarding: { presentationRuleName: string }[] };
    };
    expect(overview.welcomeBonuses.onboarding.map((task) => task.presentationRuleName)).not.toContain(
      'Onboarding reward',
    );
  });

  it('ten parallel claims (two tabs and more) credit once', async () => {
    const { b, userId } = await playerWithUsername('racer1');
    const results = await Promise.all(Array.from({ length: 10 }, () => b.post(REWARD)));
    expect(results.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(await paws(userId)).toBe(100_00);
    const history = (await b.get('/api/bonuses/user-bonuses')).json() as UserBonusesResponse;
    expect(
      history.userBonuses.filter((row) => row.presentationRuleName === 'Onboarding reward'),
    ).toHaveLength(1);
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
  });
});
