import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@paws/contracts/staff';
import type { RtpRow, StaffGame } from '@paws/contracts/staff-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API, type StaffSession, staffSession } from '../helpers/staff.ts';
import { browser, PLATFORM_HOST, signUpByEmail } from '../identity/helpers.ts';
import { CATALOG, createReportsTestApp, type ReportsTestApp, utcDay } from '../reports/helpers.ts';

const GAMES = `${STAFF_API}/games`;

let t: ReportsTestApp;
const sessions = new Map<string, Promise<StaffSession>>();
/** One staff account per set of roles for the file. */
function as(...roles: StaffRole[]) {
  const key = roles.join(',');
  if (!sessions.has(key)) sessions.set(key, staffSession(t.app, roles));
  return sessions.get(key)!;
}
const get = async (url: string, roles: StaffRole[] = ['admin']) =>
  (await as(...roles)).inject({ method: 'GET', url });
const patch = async (id: string, payload: unknown, roles: StaffRole[] = ['admin']) =>
  (await as(...roles)).inject({ method: 'PATCH', url: `${GAMES}/${id}`, payload: payload as object });

let games: StaffGame[];
const game = (code: string) => {
  const found = games.find((g) => g.gameCode === code);
  if (!found) throw new Error(`no game ${code}`);
  return found;
};
const lobby = async (query = '') =>
  (
    (
      await t.app.inject({ method: 'GET', url: `${CATALOG}${query}`, headers: { host: PLATFORM_HOST } })
    ).json() as {
      gameCode: string;
    }[]
  ).map((g) => g.gameCode);
const recommended = async () =>
  (
    (
      await t.app.inject({ method: 'GET', url: `${CATALOG}/recommended`, headers: { host: PLATFORM_HOST } })
    ).json() as {
      gameCode: string;
    }[]
  ).map((g) => g.gameCode);

beforeAll(async () => {
  t = await createReportsTestApp();
  games = (await get(`${GAMES}?sort=order&order=asc`)).json().items;
});
afterAll(() => t.close());

describe('games: the catalogue’s settings', () => {
  it('lists every game with its settings, sorted, filtered and paged; CSV has the same rows', async () => {
    expect(games.map((g) => g.gameCode)).toEqual([
      'european-roulette',
      'blackjack',
      'baccarat',
      'video-poker',
      'wild-paws',
      'loto',
    ]);
    expect(game('blackjack')).toMatchObject({
      providerCode: 'paws-studio',
      providerName: 'PAWS Studio',
      name: 'Blackjack',
      category: 'BLACKJACK',
      kind: 'TABLE',
      enabled: true,
      order: 20,
      recommended: false,
    });
    const byName = (await get(`${GAMES}?sort=name&order=asc&limit=2&page=2`)).json();
    expect(byName.total).toBe(6);
    expect(byName.items.map((g: StaffGame) => g.name)).toEqual(['European Roulette', 'Loto']);
    const slots = (await get(`${GAMES}?category=SLOTS`)).json();
    expect(slots.items.map((g: StaffGame) => g.gameCode)).toEqual(['wild-paws']);
    const search = (await get(`${GAMES}?search=jack`)).json();
    expect(search.items.map((g: StaffGame) => g.gameCode).sort()).toEqual(['blackjack']);

    const csv = await get(`${GAMES}?format=csv&sort=order&order=asc`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('games.csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('id,provider,gameCode,name,category,kind,enabled,order,recommended,updatedAt');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(',european-roulette,European Roulette,LIVE_ROULETTE,LIVE,true,10,false,');
  });

  it('a disabled game vanishes from the lobby at once and cannot be launched; enabled again it returns', async () => {
    const player = browser(t.app, PLATFORM_HOST);
    await signUpByEmail(t.app, player);
    const launch = () =>
      player.post(`${CATALOG}/game/url`, { gameCode: 'baccarat', providerCodeName: 'paws-studio' });
    expect((await launch()).statusCode).toBe(201);

    const off = await patch(game('baccarat').id, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ gameCode: 'baccarat', enabled: false });
    expect(await lobby()).not.toContain('baccarat');
    expect(await lobby('?category=BACCARAT')).toEqual([]);
    expect(await recommended()).not.toContain('baccarat');
    const refused = await launch();
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'Game not found', field: 'gameCode' });
    expect((await player.post(`${CATALOG}/favorites/${game('baccarat').id}`)).statusCode).toBe(404);
    // Staff still see it.
    expect((await get(`${GAMES}?enabled=false`)).json().items.map((g: StaffGame) => g.gameCode)).toEqual([
      'baccarat',
    ]);

    expect((await patch(game('baccarat').id, { enabled: true })).statusCode).toBe(200);
    expect(await lobby()).toContain('baccarat');
    expect((await launch()).statusCode).toBe(201);
  });

  it('order, category and the recommended flag show in the player’s catalogue', async () => {
    expect((await patch(game('loto').id, { order: 1 })).json()).toMatchObject({ order: 1 });
    expect((await lobby())[0]).toBe('loto');

    expect((await patch(game('video-poker').id, { category: 'SLOTS' })).json()).toMatchObject({
      category: 'SLOTS',
    });
    expect((await lobby('?category=SLOTS')).sort()).toEqual(['video-poker', 'wild-paws']);
    expect(await lobby('?category=POKER')).toEqual([]);

    // New games come first among the suggestions, unless staff recommend one.
    expect((await recommended())[0]).not.toBe('blackjack');
    expect((await patch(game('blackjack').id, { recommended: true })).json()).toMatchObject({
      recommended: true,
    });
    expect((await recommended())[0]).toBe('blackjack');

    const several = await patch(game('loto').id, {
      order: 60,
      recommended: false,
      category: 'LOTO',
      enabled: true,
    });
    expect(several.json()).toMatchObject({ order: 60, recommended: false, category: 'LOTO', enabled: true });
  });

  it('audits every change as games.update with the game before and after', async () => {
    const admin = await as('admin');
    const id = game('wild-paws').id;
    expect((await patch(id, { order: 55 })).statusCode).toBe(200);
    const { entries } = await t.app.audit.list({ page: 1, limit: 20, action: 'games.update', targetId: id });
    expect(entries[0]).toMatchObject({
      actorId: admin.userId,
      action: 'games.update',
      targetType: 'game',
      targetId: id,
      before: expect.objectContaining({ order: 50 }),
      after: expect.objectContaining({ order: 55 }),
    });
  });

  it('names the field of bad input', async () => {
    const id = game('loto').id;
    const cases: [unknown, string][] = [
      [{ order: -1 }, 'order'],
      [{ order: 1.5 }, 'order'],
      [{ order: 'first' }, 'order'],
      [{ category: 'CARDS' }, 'category'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ recommended: 1 }, 'recommended'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
      expect(res.json().message).toContain(field);
    }
    const empty = await patch(id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Send at least one of enabled, order, category, recommended');
    const badId = await patch('loto', { enabled: true });
    expect(badId.json()).toMatchObject({ statusCode: 400, field: 'id' });
    const unknown = await patch(randomUUID(), { enabled: true });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: 'Game not found', field: 'id' });
    for (const [query, field] of [
      ['sort=popularity', 'sort'],
      ['enabled=maybe', 'enabled'],
      ['category=CARDS', 'category'],
      ['limit=0', 'limit'],
    ]) {
      const res = await get(`${GAMES}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await get(`${GAMES}/rtp?dateFrom=yesterday`)).json()).toMatchObject({
      statusCode: 400,
      field: 'dateFrom',
    });
    expect((await get(`${GAMES}/rtp?dateFrom=2026-02-02&dateTo=2026-02-01`)).json()).toMatchObject({
      statusCode: 400,
      field: 'dateTo',
    });
  });

  it('support and content read the games but change nothing; the RTP report is finance’s', async () => {
    for (const role of ['support', 'content', 'finance'] as const) {
      expect((await get(GAMES, [role])).statusCode).toBe(200);
      expect((await patch(game('loto').id, { enabled: false }, [role])).statusCode).toBe(403);
    }
    expect((await get(`${GAMES}/rtp`, ['finance'])).statusCode).toBe(200);
    expect((await get(`${GAMES}/rtp`, ['support'])).statusCode).toBe(403);
    expect((await get(`${GAMES}/rtp`, ['content'])).statusCode).toBe(403);
    expect(await lobby()).toContain('loto');
  });
});

describe('the RTP report', () => {
  /** Settled rounds of one game on one past day: stake and payout in cents. */
  async function seedRounds(gameCode: string, day: string, rounds: [number, number][], finished = true) {
    const db = t.app.database.db;
    const userId = randomUUID();
    const pair = randomUUID();
    await db.execute(sql`insert into studio_seed_pairs (id, user_id, game, server_seed, server_seed_hash, client_seed, revealed_at)
      values (${pair}, ${userId}, ${gameCode}, 'seed', 'hash', 'client', now())`);
    let nonce = 0;
    for (const [stake, payout] of rounds) {
      await db.execute(sql`insert into studio_rounds (id, user_id, game, seed_pair_id, nonce, wallet_session_token,
          currency, stake, payout, finished, created_at, updated_at)
        values (${randomUUID()}, ${userId}, ${gameCode}, ${pair}, ${nonce++}, 'token', 'USD', ${stake}, ${payout},
          ${finished}, ${`${day}T12:00:00Z`}, ${`${day}T12:00:00Z`})`);
    }
  }

  it('shows the documented RTP beside the observed one, with rounds and a 95% interval of the mean return', async () => {
    const day = utcDay(-10);
    const rounds: [number, number][] = [
      [100, 0],
      [100, 200],
      [100, 195],
      [100, 0],
      [100, 100],
      [100, 0],
      [100, 200],
      [100, 0],
      [50, 100],
    ];
    await seedRounds('baccarat', day, rounds);
    // Not settled, and another day: neither counts.
    await seedRounds('baccarat', day, [[100, 0]], false);
    await seedRounds('baccarat', utcDay(-11), [[100, 5000]]);

    const res = await get(`${GAMES}/rtp?dateFrom=${day}&dateTo=${day}`, ['finance']);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as RtpRow[];
    expect(items).toHaveLength(6);
    const baccarat = items.find((r) => r.gameCode === 'baccarat')!;
    const ratios = rounds.map(([stake, payout]) => payout / stake);
    const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
    const sd = Math.sqrt(ratios.reduce((a, r) => a + (r - mean) ** 2, 0) / (ratios.length - 1));
    const half = (1.96 * sd) / Math.sqrt(ratios.length);
    expect(baccarat).toMatchObject({
      name: 'Baccarat',
      enabled: true,
      documentedRtp: 98.94,
      documentedNote: 'Banker 98.94%, Player 98.76%, Tie 85.64% (exact, 8 decks).',
      rounds: 9,
      stakes: 8.5,
      wins: 7.95,
    });
    expect(baccarat.observedRtp).toBeCloseTo((795 / 850) * 100, 9);
    expect(baccarat.interval?.low).toBeCloseTo((mean - half) * 100, 9);
    expect(baccarat.interval?.high).toBeCloseTo((mean + half) * 100, 9);

    const blackjack = items.find((r) => r.gameCode === 'blackjack')!;
    expect(blackjack).toMatchObject({ documentedRtp: 99.57, rounds: 0, observedRtp: null, interval: null });
    expect(items.find((r) => r.gameCode === 'wild-paws')?.documentedRtp).toBe(96.17);

    // Without a range every settled round counts; one round has no interval.
    const all = (await get(`${GAMES}/rtp`, ['finance'])).json().items as RtpRow[];
    expect(all.find((r) => r.gameCode === 'baccarat')?.rounds).toBe(10);
    const single = (
      await get(`${GAMES}/rtp?dateFrom=${utcDay(-11)}&dateTo=${utcDay(-11)}`, ['finance'])
    ).json().items as RtpRow[];
    expect(single.find((r) => r.gameCode === 'baccarat')).toMatchObject({
      rounds: 1,
      observedRtp: 5000,
      interval: null,
    });
  });
});
