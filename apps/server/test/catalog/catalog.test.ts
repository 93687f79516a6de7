import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, PLATFORM_HOST } from '../identity/helpers.ts';
import {
  CATALOG,
  type CatalogTestApp,
  codesOf,
  createCatalogTestApp,
  gamesOf,
  signedInPlayer,
} from './helpers.ts';

let ctx: CatalogTestApp;
beforeAll(async () => {
  ctx = await createCatalogTestApp();
});
afterAll(() => ctx?.close());

describe('GET /catalog', () => {
  it('lists the seeded studio games to a visitor, in the operator order, none a favourite', async () => {
    const res = await browser(ctx.app, PLATFORM_HOST).get(CATALOG);
    expect(res.statusCode).toBe(200);
    const games = gamesOf(res.body);
    expect(games.map((g) => g.gameCode)).toEqual([
      'european-roulette',
      'blackjack',
      'baccarat',
      'video-poker',
      'wild-paws',
      'loto',
    ]);
    const roulette = games[0];
    expect(roulette).toMatchObject({
      name: 'European Roulette',
      imageUrl: '/games/european-roulette.svg',
      providerName: 'PAWS Studio',
      providerCodeName: 'paws-studio',
      category: 'LIVE_ROULETTE',
      kind: 'LIVE',
      isFavorite: false,
    });
    expect(roulette?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('filters by category, kind and provider', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    expect(codesOf((await b.get(`${CATALOG}?category=POKER`)).body)).toEqual(['video-poker']);
    expect(codesOf((await b.get(`${CATALOG}?kind=TABLE`)).body)).toEqual([
      'blackjack',
      'baccarat',
      'video-poker',
    ]);
    expect(codesOf((await b.get(`${CATALOG}?kind=TABLE&category=BACCARAT`)).body)).toEqual(['baccarat']);
    expect(codesOf((await b.get(`${CATALOG}?provider=paws-studio`)).body)).toHaveLength(6);
    expect(codesOf((await b.get(`${CATALOG}?provider=someone-else`)).body)).toEqual([]);
  });

  it('searches by name, case-insensitively, with wildcards taken literally', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    expect(codesOf((await b.get(`${CATALOG}?search=JACK`)).body)).toEqual(['blackjack']);
    expect(codesOf((await b.get(`${CATALOG}?search=ROULETTE`)).body)).toEqual(['european-roulette']);
    expect(codesOf((await b.get(`${CATALOG}?search=${encodeURIComponent('  paws ')}`)).body)).toEqual([
      'wild-paws',
    ]);
    expect(codesOf((await b.get(`${CATALOG}?search=%25`)).body)).toEqual([]);
    expect(codesOf((await b.get(`${CATALOG}?search=_`)).body)).toEqual([]);
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    const res = await browser(ctx.app, PLATFORM_HOST).get(`${CATALOG}?category=DICE`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'category' });
  });

  it('answers 401 to a visitor asking for favourites', async () => {
    const res = await browser(ctx.app, PLATFORM_HOST).get(`${CATALOG}?favorites=true`);
    expect(res.statusCode).toBe(401);
  });
});

describe('favourites', () => {
  it('belong to the player who marked them', async () => {
    const alice = await signedInPlayer(ctx);
    const bob = await signedInPlayer(ctx);
    const games = gamesOf((await alice.get(CATALOG)).body);
    const blackjack = games.find((g) => g.gameCode === 'blackjack');
    const loto = games.find((g) => g.gameCode === 'loto');
    if (!blackjack || !loto) throw new Error('seed missing');

    const marked = await alice.post(`${CATALOG}/favorites/${blackjack.id}`);
    expect(marked.statusCode).toBe(201);
    expect(marked.json()).toEqual({ gameId: blackjack.id, isFavorite: true });
    // Twice is the same as once.
    expect((await alice.post(`${CATALOG}/favorites/${blackjack.id}`)).statusCode).toBe(201);
    await alice.post(`${CATALOG}/favorites/${loto.id}`);

    expect(codesOf((await alice.get(`${CATALOG}?favorites=true`)).body)).toEqual(['blackjack', 'loto']);
    expect(
      gamesOf((await alice.get(CATALOG)).body)
        .filter((g) => g.isFavorite)
        .map((g) => g.gameCode),
    ).toEqual(['blackjack', 'loto']);
    expect(codesOf((await alice.get(`${CATALOG}?favorites=true&category=LOTO`)).body)).toEqual(['loto']);

    // Bob sees none of Alice's, and his removal does not touch hers.
    expect(codesOf((await bob.get(`${CATALOG}?favorites=true`)).body)).toEqual([]);
    expect(gamesOf((await bob.get(CATALOG)).body).some((g) => g.isFavorite)).toBe(false);
    expect((await bob.del(`${CATALOG}/favorites/${blackjack.id}`)).statusCode).toBe(200);
    expect(codesOf((await alice.get(`${CATALOG}?favorites=true`)).body)).toEqual(['blackjack', 'loto']);

    const removed = await alice.del(`${CATALOG}/favorites/${blackjack.id}`);
    expect(removed.json()).toEqual({ gameId: blackjack.id, isFavorite: false });
    expect(codesOf((await alice.get(`${CATALOG}?favorites=true`)).body)).toEqual(['loto']);
  });

  it('need a signed-in player', async () => {
    const visitor = browser(ctx.app, PLATFORM_HOST);
    const [game] = gamesOf((await visitor.get(CATALOG)).body);
    expect((await visitor.post(`${CATALOG}/favorites/${game?.id}`)).statusCode).toBe(401);
    expect((await visitor.del(`${CATALOG}/favorites/${game?.id}`)).statusCode).toBe(401);
  });

  it('answer 404 for a game that does not exist and 400 for an id that cannot be one', async () => {
    const b = await signedInPlayer(ctx);
    const missing = await b.post(`${CATALOG}/favorites/00000000-0000-4000-8000-000000000000`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ field: 'gameId' });
    expect((await b.post(`${CATALOG}/favorites/not-a-game`)).statusCode).toBe(400);
  });
});

describe('GET /catalog/recommended', () => {
  it('puts new games first, revalidated on every use', async () => {
    const res = await browser(ctx.app, PLATFORM_HOST).get(`${CATALOG}/recommended`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const codes = codesOf(res.body);
    expect(codes.slice(0, 2)).toEqual(['european-roulette', 'wild-paws']);
    expect([...codes].sort()).toEqual(
      ['baccarat', 'blackjack', 'european-roulette', 'loto', 'video-poker', 'wild-paws'].sort(),
    );
  });
});
