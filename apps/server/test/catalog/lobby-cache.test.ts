import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createDatabase } from '../../src/db/client.ts';
import { createGamesAdmin } from '../../src/modules/catalog/index.ts';
import { games } from '../../src/modules/catalog/schema.ts';
import { browser, PLATFORM_HOST } from '../identity/helpers.ts';
import { CATALOG, type CatalogTestApp, codesOf, createCatalogTestApp, signedInPlayer } from './helpers.ts';

let ctx: CatalogTestApp;
beforeAll(async () => {
  ctx = await createCatalogTestApp();
});
afterAll(() => ctx?.close());

const visitor = () => browser(ctx.app, PLATFORM_HOST);
const noAudit = async () => {};
const setEnabled = (app: CatalogTestApp['app'], gameCode: string, enabled: boolean) =>
  app.database.db.update(games).set({ enabled }).where(eq(games.gameCode, gameCode));

async function until(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the lobby from memory', () => {
  it('answers a visitor with a public, revalidated answer and 304 when the ETag matches', async () => {
    const first = await visitor().get(CATALOG);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toContain('cookie');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await visitor().get(CATALOG, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await visitor().get(`${CATALOG}?category=SLOTS`, { headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
    expect(codesOf(other.body)).toEqual(['wild-paws']);
  });

  it('keeps a signed-in player’s answer private and their favourites fresh', async () => {
    const player = await signedInPlayer(ctx);
    const list = await player.get(CATALOG);
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const loto = JSON.parse(list.body).find((g: { gameCode: string }) => g.gameCode === 'loto');
    expect(loto.isFavorite).toBe(false);
    await player.post(`${CATALOG}/favorites/${loto.id}`);
    expect(codesOf((await player.get(`${CATALOG}?favorites=true`)).body)).toEqual(['loto']);
    const marked = JSON.parse((await player.get(CATALOG)).body);
    expect(marked.find((g: { gameCode: string }) => g.gameCode === 'loto').isFavorite).toBe(true);
  });

  it('serves from memory until a change notice, which a staff edit sends', async () => {
    expect(codesOf((await visitor().get(CATALOG)).body)).toContain('baccarat');
    // A write that announces nothing is not seen: the answer comes from memory.
    await setEnabled(ctx.app, 'baccarat', false);
    expect(codesOf((await visitor().get(CATALOG)).body)).toContain('baccarat');
    // The notice, as any process's write sends it inside its transaction, reaches this process's listeners.
    await ctx.app.database.db.execute(sql`select pg_notify('paws_changes', 'catalog')`);
    await until(async () => !codesOf((await visitor().get(CATALOG)).body).includes('baccarat'));
    await setEnabled(ctx.app, 'baccarat', true);

    // A staff edit announces its change: the very next answer has it.
    const admin = createGamesAdmin(ctx.app.database.db, ctx.app.changes);
    const [blackjack] = await ctx.app.database.db.select().from(games).where(eq(games.gameCode, 'blackjack'));
    await admin.update(blackjack?.id as string, { enabled: false }, noAudit);
    expect(codesOf((await visitor().get(CATALOG)).body)).not.toContain('blackjack');
    expect(codesOf((await visitor().get(`${CATALOG}/recommended`)).body)).not.toContain('blackjack');
    await admin.update(blackjack?.id as string, { enabled: true }, noAudit);
    expect(codesOf((await visitor().get(CATALOG)).body)).toContain('blackjack');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the lobby in two processes', () => {
  it('a staff edit in one process reaches the other’s cache', async () => {
    const other = await buildApp({
      env: ctx.env,
      database: createDatabase({ url: ctx.app.database.url as string }),
      logger: false,
    });
    await other.ready();
    try {
      const there = () => browser(other, PLATFORM_HOST).get(CATALOG);
      expect(codesOf((await there()).body)).toContain('video-poker');
      const admin = createGamesAdmin(ctx.app.database.db, ctx.app.changes);
      const [poker] = await ctx.app.database.db.select().from(games).where(eq(games.gameCode, 'video-poker'));
      await admin.update(poker?.id as string, { enabled: false }, noAudit);
      await until(async () => !codesOf((await there()).body).includes('video-poker'));
      await admin.update(poker?.id as string, { enabled: true }, noAudit);
      await until(async () => codesOf((await there()).body).includes('video-poker'));
    } finally {
      await other.close();
    }
  });
});
