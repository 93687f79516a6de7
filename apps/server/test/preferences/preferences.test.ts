import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPreferences } from '../../src/modules/preferences/schema.ts';
import { browser, PLATFORM_HOST } from '../identity/helpers.ts';
import {
  createPaymentsTestApp,
  type PaymentsTestApp,
  PLATFORM_API,
  signedInPlayer,
} from '../payments/helpers.ts';

const PREFERENCES = `${PLATFORM_API}/profile/preferences`;

let ctx: PaymentsTestApp;
beforeAll(async () => {
  ctx = await createPaymentsTestApp();
});
afterAll(() => ctx?.close());

type Player = Awaited<ReturnType<typeof signedInPlayer>>;
const put = ({ b }: Player, payload: unknown) =>
  b.send({ method: 'PUT', url: PREFERENCES, payload: payload as object });

describe('/profile/preferences', () => {
  it('needs a signed-in player', async () => {
    const anonymous = browser(ctx.app, PLATFORM_HOST);
    expect((await anonymous.get(PREFERENCES)).statusCode).toBe(401);
    expect(
      (await anonymous.send({ method: 'PUT', url: PREFERENCES, payload: { gameTypes: [] } })).statusCode,
    ).toBe(401);
  });

  it('starts empty, stores the choice in the list order and replaces it on the next save', async () => {
    const player = await signedInPlayer(ctx);
    const empty = await player.b.get(PREFERENCES);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ gameTypes: [] });

    const saved = await put(player, { gameTypes: ['slots', 'liveRoulette'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ gameTypes: ['liveRoulette', 'slots'] });
    expect((await player.b.get(PREFERENCES)).json()).toEqual({ gameTypes: ['liveRoulette', 'slots'] });

    await put(player, { gameTypes: ['poker'] });
    expect((await player.b.get(PREFERENCES)).json()).toEqual({ gameTypes: ['poker'] });
    await put(player, { gameTypes: [] });
    expect((await player.b.get(PREFERENCES)).json()).toEqual({ gameTypes: [] });
    const rows = await ctx.app.database.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, player.userId));
    expect(rows).toHaveLength(1);
  });

  it("keeps each player's row their own", async () => {
    const one = await signedInPlayer(ctx);
    const two = await signedInPlayer(ctx);
    await put(one, { gameTypes: ['blackjack', 'baccarat'] });
    await put(two, { gameTypes: ['loto'] });
    expect((await one.b.get(PREFERENCES)).json()).toEqual({ gameTypes: ['blackjack', 'baccarat'] });
    expect((await two.b.get(PREFERENCES)).json()).toEqual({ gameTypes: ['loto'] });
  });

  it.each([
    ['an unknown game type', { gameTypes: ['slots', 'darts'] }, 'gameTypes.1', 'Game type must be one of'],
    [
      'a repeated game type',
      { gameTypes: ['slots', 'slots'] },
      'gameTypes',
      'Each game type may be chosen once',
    ],
    [
      'a string instead of a list',
      { gameTypes: 'slots' },
      'gameTypes',
      'gameTypes must be a list of game types',
    ],
    ['no list', {}, 'gameTypes', 'gameTypes must be a list of game types'],
  ])(
    'refuses %s with 400 naming the field and keeps the stored choice',
    async (_name, payload, field, message) => {
      const player = await signedInPlayer(ctx);
      await put(player, { gameTypes: ['poker'] });
      const res = await put(player, payload);
      expect(res.statusCode).toBe(400);
      const body = res.json() as { field: string; message: string };
      expect(body.field).toBe(field);
      expect(body.message).toContain(message);
      expect((await player.b.get(PREFERENCES)).json()).toEqual({ gameTypes: ['poker'] });
    },
  );
});
