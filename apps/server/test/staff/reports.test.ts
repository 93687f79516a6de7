import type { StaffRole } from '@paws/contracts/staff';
import type { GameReportRow, PlayerReportRow } from '@paws/contracts/staff-reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLLUP_CRON, ROLLUP_JOB } from '../../src/modules/reports/plugin.ts';
import { quiesce } from '../backbone/helpers.ts';
import { STAFF_API, type StaffSession, staffSession } from '../helpers/staff.ts';
import {
  backdateLedger,
  createReportsTestApp,
  play,
  playingPlayer,
  type ReportsTestApp,
  utcDay,
} from '../reports/helpers.ts';

const REPORTS = `${STAFF_API}/reports`;
const SPIN = { fund: 'cash', stake: 1 };

let t: ReportsTestApp;
const sessions = new Map<string, Promise<StaffSession>>();
function as(...roles: StaffRole[]) {
  const key = roles.join(',');
  if (!sessions.has(key)) sessions.set(key, staffSession(t.app, roles));
  return sessions.get(key)!;
}
const get = async (url: string, roles: StaffRole[] = ['finance']) =>
  (await as(...roles)).inject({ method: 'GET', url });
const run = async (payload?: object, roles: StaffRole[] = ['finance']) =>
  (await as(...roles)).inject({
    method: 'POST',
    url: `${REPORTS}/rollups/run`,
    ...(payload ? { payload } : {}),
  });

let early: Awaited<ReturnType<typeof playingPlayer>>;
let late: Awaited<ReturnType<typeof playingPlayer>>;
let lotoId: string;

beforeAll(async () => {
  t = await createReportsTestApp();
  // Early played wild-paws two days ago; late plays wild-paws and loto today.
  early = await playingPlayer(t, 'wild-paws', 30);
  await play(early.call, '/wild-paws/spin', SPIN, 3);
  late = await playingPlayer(t, 'wild-paws', 80);
  await play(late.call, '/wild-paws/spin', SPIN, 5);
  await play(await late.open('loto'), '/loto/play', { picks: [7, 8], amount: 2 }, 2);
  await quiesce(t.app);
  await backdateLedger(t.app, early.userId, 2);
  const games = (await get(`${STAFF_API}/games?search=loto`, ['admin'])).json().items;
  lotoId = games[0].id;
});
afterAll(() => t.close());

describe('reports: daily rollups', () => {
  it('the job is scheduled every five minutes, once across processes', async () => {
    const schedules = await t.app.jobs.boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: ROLLUP_JOB, cron: ROLLUP_CRON })]),
    );
  });

  it('runs on demand (audited): yesterday and today by default, or the range asked', async () => {
    const finance = await as('finance');
    const byDefault = await run();
    expect(byDefault.statusCode).toBe(201);
    expect(byDefault.json()).toMatchObject({ dateFrom: utcDay(-1), dateTo: utcDay(0) });
    const ranged = await run({ dateFrom: utcDay(-7), dateTo: utcDay(0) });
    expect(ranged.json()).toMatchObject({ dateFrom: utcDay(-7), dateTo: utcDay(0) });
    expect(ranged.json().playerRows).toBeGreaterThan(0);
    const { entries } = await t.app.audit.list({
      page: 1,
      limit: 20,
      action: 'reports.rollup',
      actorId: finance.userId,
    });
    expect(entries.every((e) => e.targetType === 'report_rollups')).toBe(true);
    expect(entries.map((e) => e.targetId)).toEqual(
      expect.arrayContaining([`${utcDay(-1)}..${utcDay(0)}`, `${utcDay(-7)}..${utcDay(0)}`]),
    );
  });

  it('lists player days by date range and player, with totals over every matching row', async () => {
    const twoDaysAgo = (
      await get(`${REPORTS}/players?dateFrom=${utcDay(-2)}&dateTo=${utcDay(-2)}&currency=USD`)
    ).json();
    expect(twoDaysAgo.items).toHaveLength(1);
    expect(twoDaysAgo.items[0]).toMatchObject({
      day: utcDay(-2),
      userId: early.userId,
      currency: 'USD',
      stakes: 3,
      bets: 3,
      deposits: 30,
    });
    expect(twoDaysAgo.items[0].email).toMatch(/@/);
    expect(twoDaysAgo.totals).toEqual([
      expect.objectContaining({ currency: 'USD', stakes: 3, deposits: 30 }),
    ]);

    const lateToday = (await get(`${REPORTS}/players?playerId=${late.userId}&currency=USD`)).json();
    expect(lateToday.items).toHaveLength(1);
    expect(lateToday.items[0]).toMatchObject({ day: utcDay(0), stakes: 9, bets: 7, deposits: 80 });
    const row = lateToday.items[0] as PlayerReportRow;
    expect(row.ggr).toBeCloseTo(row.stakes - row.wins, 2);

    // Today holds late and the demo player's seeded deposit, not early.
    const today = (
      await get(`${REPORTS}/players?dateFrom=${utcDay(0)}&dateTo=${utcDay(0)}&currency=USD`)
    ).json();
    expect(today.items.map((r: PlayerReportRow) => r.userId)).not.toContain(early.userId);
    expect(today.items.map((r: PlayerReportRow) => r.userId)).toContain(late.userId);
  });

  it('sorts and pages on the server', async () => {
    const byStakes = (await get(`${REPORTS}/players?currency=USD&sort=stakes&order=desc`)).json();
    const stakes = byStakes.items.map((r: PlayerReportRow) => r.stakes);
    expect(stakes).toEqual([...stakes].sort((a, b) => b - a));
    expect(stakes[0]).toBe(9);
    const second = (
      await get(`${REPORTS}/players?currency=USD&sort=stakes&order=desc&limit=1&page=2`)
    ).json();
    expect(second.total).toBe(byStakes.total);
    expect(second.items).toEqual([byStakes.items[1]]);
  });

  it('lists game days, by game, named from the catalogue', async () => {
    const loto = (await get(`${REPORTS}/games?gameId=${lotoId}`)).json();
    expect(loto.items).toEqual([
      expect.objectContaining({
        day: utcDay(0),
        gameId: lotoId,
        gameCode: 'loto',
        name: 'Loto',
        stakes: 4,
        bets: 2,
      }),
    ]);
    const slot = (await get(`${REPORTS}/games?sort=day&order=asc`)).json();
    expect(slot.items.map((r: GameReportRow) => [r.day, r.gameCode])).toEqual([
      [utcDay(-2), 'wild-paws'],
      [utcDay(0), 'loto'],
      [utcDay(0), 'wild-paws'],
    ]);
    expect(slot.totals).toEqual([expect.objectContaining({ currency: 'USD', stakes: 12, bets: 10 })]);
  });

  it('exports the matching rows as CSV', async () => {
    const csv = await get(`${REPORTS}/players?format=csv&currency=USD&sort=day&order=asc`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('report-players.csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'day,playerId,email,username,currency,stakes,wins,ggr,bets,deposits,withdrawals,adjustments,bonusCosts',
    );
    const json = (await get(`${REPORTS}/players?currency=USD`)).json();
    expect(lines).toHaveLength(json.total + 1);
    expect(lines[1]).toMatch(new RegExp(`^${utcDay(-2)},${early.userId},[^,]*@[^,]*,[^,]*,USD,3,`));

    const games = await get(`${REPORTS}/games?format=csv&gameId=${lotoId}`);
    expect(games.body.trim().split('\n')).toEqual([
      'day,gameId,provider,gameCode,name,currency,stakes,wins,ggr,bets',
      expect.stringMatching(new RegExp(`^${utcDay(0)},${lotoId},paws-studio,loto,Loto,USD,4,`)),
    ]);
  });

  it('names the field of bad input', async () => {
    const cases: [string, string][] = [
      ['dateFrom=2026-13-01', 'dateFrom'],
      ['dateTo=tomorrow', 'dateTo'],
      ['dateFrom=2026-03-02&dateTo=2026-03-01', 'dateTo'],
      ['playerId=42', 'playerId'],
      ['currency=EUR', 'currency'],
      ['sort=luck', 'sort'],
      ['page=0', 'page'],
      ['format=xlsx', 'format'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`${REPORTS}/players?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
      expect(res.json().message, query).toContain(field);
    }
    const game = await get(`${REPORTS}/games?gameId=loto`);
    expect(game.json()).toMatchObject({ statusCode: 400, field: 'gameId' });
    for (const [body, field] of [
      [{ dateFrom: '01/02/2026' }, 'dateFrom'],
      [{ dateFrom: '2026-03-02', dateTo: '2026-03-01' }, 'dateTo'],
      [{ dateFrom: '2024-01-01', dateTo: '2026-01-01' }, 'dateTo'],
      [{ dateFrom: '2020-01-01' }, 'dateFrom'],
    ] as const) {
      const res = await run(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it('is finance’s and admins’: support and content are refused', async () => {
    expect((await get(`${REPORTS}/players`, ['admin'])).statusCode).toBe(200);
    for (const role of ['support', 'content'] as const) {
      expect((await get(`${REPORTS}/players`, [role])).statusCode).toBe(403);
      expect((await get(`${REPORTS}/games`, [role])).statusCode).toBe(403);
      expect((await run(undefined, [role])).statusCode).toBe(403);
    }
  });
});
