import { demoAccounts } from '@paws/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/db/seed.ts';
import { gameProviders, games } from '../../src/modules/catalog/schema.ts';
import { createIdentityRepository } from '../../src/modules/identity/repository.ts';
import { gameSessions } from '../../src/modules/wallet/schema.ts';
import { browser, LANDING_HOST, PLATFORM_HOST } from '../identity/helpers.ts';
import {
  CATALOG,
  type CatalogTestApp,
  codesOf,
  createCatalogTestApp,
  fakeProvider,
  gamesOf,
  signedInPlayer,
} from './helpers.ts';

let ctx: CatalogTestApp;
let fake: ReturnType<typeof fakeProvider>;
beforeAll(async () => {
  ctx = await createCatalogTestApp();
  // Replaces the studio's adapter (when one is registered) with a double that records its calls.
  fake = fakeProvider('paws-studio');
  ctx.app.gameProviders.register(fake.provider);
});
afterAll(() => ctx?.close());

const URL_PATH = `${CATALOG}/game/url`;
const roulette = { gameCode: 'european-roulette', providerCodeName: 'paws-studio' };

describe('POST /catalog/game/url', () => {
  it('needs a signed-in player', async () => {
    const res = await browser(ctx.app, PLATFORM_HOST).post(URL_PATH, roulette);
    expect(res.statusCode).toBe(401);
    expect(fake.calls).toHaveLength(0);
  });

  it('creates a wallet game session and answers the provider’s address for the requesting origin', async () => {
    const b = await signedInPlayer(ctx);
    const me = (await b.get('/api/platform/profile/user-data')).json() as { user: { userId: string } };
    const res = await b.post(URL_PATH, roulette);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const call = fake.calls.at(-1);
    expect(call).toMatchObject({
      gameCode: 'european-roulette',
      currency: 'USD',
      origin: ctx.env.PLATFORM_URL,
    });
    expect(res.json()).toEqual({
      url: `${ctx.env.PLATFORM_URL}/fake/european-roulette.html?session=${call?.sessionToken}`,
    });

    const sessionsOf = () =>
      ctx.app.database.db.select().from(gameSessions).where(eq(gameSessions.userId, me.user.userId));
    const sessions = await sessionsOf();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      token: call?.sessionToken,
      gameCode: 'european-roulette',
      providerCode: 'paws-studio',
      currencyCode: 'USD',
    });
    // A launch alone is no game history: the session is listed once a round is played in it.
    expect((await ctx.app.wallet.gameSessionHistory(me.user.userId)).items).toHaveLength(0);
    // Each launch is its own session.
    await b.post(URL_PATH, roulette);
    expect(await sessionsOf()).toHaveLength(2);
  });

  it('uses the landing origin when asked from there', async () => {
    const b = await signedInPlayer(ctx);
    const landing = browser(ctx.app, LANDING_HOST, b.jar);
    const res = await landing.post(URL_PATH, { gameCode: 'loto', providerCodeName: 'paws-studio' });
    expect(res.statusCode).toBe(201);
    expect(fake.calls.at(-1)?.origin).toBe(ctx.env.LANDING_URL);
  });

  it('accepts the catalogue id of a game in place of its code', async () => {
    const b = await signedInPlayer(ctx);
    const slot = gamesOf((await b.get(CATALOG)).body).find((g) => g.gameCode === 'wild-paws');
    const res = await b.post(URL_PATH, { gameCode: slot?.id, providerCodeName: 'paws-studio' });
    expect(res.statusCode).toBe(201);
    expect(fake.calls.at(-1)?.gameCode).toBe('wild-paws');
  });

  it('answers 404 naming the field for an unknown game or provider, and moves nothing', async () => {
    const b = await signedInPlayer(ctx);
    const before = fake.calls.length;
    const game = await b.post(URL_PATH, { gameCode: 'craps', providerCodeName: 'paws-studio' });
    expect(game.statusCode).toBe(404);
    expect(game.json()).toMatchObject({ statusCode: 404, message: 'Game not found', field: 'gameCode' });
    const provider = await b.post(URL_PATH, { gameCode: 'european-roulette', providerCodeName: 'nobody' });
    expect(provider.statusCode).toBe(404);
    expect(provider.json()).toMatchObject({ statusCode: 404, field: 'providerCodeName' });
    expect(fake.calls.length).toBe(before);
  });

  it('treats a disabled game as unknown, and a provider without an adapter here as unavailable (503)', async () => {
    const db = ctx.app.database.db;
    await db.update(games).set({ enabled: false }).where(eq(games.gameCode, 'baccarat'));
    await db.insert(gameProviders).values({ code: 'ghost', name: 'Ghost Gaming' });
    await db.insert(games).values({
      providerCode: 'ghost',
      gameCode: 'ghost-slot',
      name: 'Ghost Slot',
      category: 'SLOTS',
      kind: 'SLOTS',
      imageUrl: '/games/wild-paws.svg',
    });
    // Written straight to the tables: the lobby's cache is told, as a staff edit tells it.
    ctx.app.changes.changedHere('catalog');
    const b = await signedInPlayer(ctx);
    const disabled = await b.post(URL_PATH, { gameCode: 'baccarat', providerCodeName: 'paws-studio' });
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json()).toMatchObject({ field: 'gameCode' });
    expect(codesOf((await b.get(CATALOG)).body)).not.toContain('baccarat');
    // Another provider's games are rows: listed at once, launchable once its adapter is registered.
    expect(codesOf((await b.get(`${CATALOG}?provider=ghost`)).body)).toEqual(['ghost-slot']);
    const ghost = await b.post(URL_PATH, { gameCode: 'ghost-slot', providerCodeName: 'ghost' });
    expect(ghost.statusCode).toBe(503);
    await db.update(games).set({ enabled: true }).where(eq(games.gameCode, 'baccarat'));
    ctx.app.changes.changedHere('catalog');
  });

  it('refuses a body without the fields with a 400', async () => {
    const b = await signedInPlayer(ctx);
    const res = await b.post(URL_PATH, { gameCode: '' });
    expect(res.statusCode).toBe(400);
  });
});

describe('seed', () => {
  it('is idempotent and gives the demo player one starting balance', async () => {
    await seed(ctx.app.database.db, ctx.app.log);
    await seed(ctx.app.database.db, ctx.app.log);
    const listed = gamesOf(
      (await browser(ctx.app, PLATFORM_HOST).get(`${CATALOG}?provider=paws-studio`)).body,
    );
    expect(listed).toHaveLength(6);
    const demo = await createIdentityRepository(ctx.app.database.db).userByEmail(demoAccounts.player.email);
    if (!demo) throw new Error('demo player missing');
    expect(await ctx.app.wallet.balanceOf(demo.id, 'USD')).toBe(100_000);
  });
});
