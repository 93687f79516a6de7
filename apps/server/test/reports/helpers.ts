import { sql } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { browser, PLATFORM_HOST, signUpByEmail } from '../identity/helpers.ts';
import { deposit } from '../payments/helpers.ts';

/**
 * The real app with the back office's origin and room for many sign-ups from one address (players sign up
 * through identity, deposit through the payments sandbox and play through the catalogue and studio).
 */
export function createReportsTestApp(env: Record<string, string | undefined> = {}) {
  return createTestApp({ RATE_LIMIT_IP_SCALE: '50', ...env });
}
export type ReportsTestApp = Awaited<ReturnType<typeof createReportsTestApp>>;

export const CATALOG = '/api/platform/catalog';
export const STUDIO = '/api/studio';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A player who signed up, deposited `dollars` through the payments sandbox and opened `gameCode` through
 * the catalogue (as the lobby does): `call` drives the studio's game API with the game page's session.
 */
export async function playingPlayer(t: { app: App }, gameCode: string, dollars = 100) {
  const b = browser(t.app, PLATFORM_HOST);
  await signUpByEmail(t.app, b);
  const userId = (await b.get('/api/platform/profile/user-data')).json().user.userId as string;
  // Payouts need an approved identity.
  await t.app.identity.moveVerificationType(userId, ['NONE'], 'APPROVED');
  await deposit(b, dollars);
  const open = async (code: string) => {
    const launch = await b.post(`${CATALOG}/game/url`, { gameCode: code, providerCodeName: 'paws-studio' });
    if (launch.statusCode !== 201) throw new Error(`launch ${launch.statusCode}: ${launch.body}`);
    const launchCode = new URL(launch.json().url).searchParams.get('launch');
    const session = await t.app.inject({
      method: 'POST',
      url: `${STUDIO}/session`,
      headers: { host: PLATFORM_HOST },
      payload: { launch: launchCode },
    });
    if (session.statusCode !== 201) throw new Error(`session ${session.statusCode}: ${session.body}`);
    const token = session.json().sessionToken as string;
    return (path: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `${STUDIO}${path}`,
        headers: { host: PLATFORM_HOST, authorization: `Bearer ${token}` },
        payload,
      });
  };
  return { b, userId, call: await open(gameCode), open };
}

/** Plays `n` rounds, failing on any refusal. */
export async function play(
  call: (path: string, payload: object) => Promise<{ statusCode: number; body: string }>,
  path: string,
  payload: object,
  n: number,
) {
  for (let i = 0; i < n; i++) {
    const res = await call(path, payload);
    if (res.statusCode !== 201) throw new Error(`${path} ${res.statusCode}: ${res.body}`);
  }
}

/** The ledger's own sums of the players' entries per kind and currency, minor units (independent of reports). */
export async function ledgerSums(app: App) {
  const result = await app.database.db.execute(sql`
    select t.kind, a.currency_code as currency, sum(e.amount)::text as total, count(*)::int as entries
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    join wallet_accounts a on a.id = e.account_id
    where a.kind = 'player'
    group by t.kind, a.currency_code`);
  const sums = new Map<string, number>();
  for (const row of rowsOf<{ kind: string; currency: string; total: string }>(result)) {
    sums.set(`${row.kind}:${row.currency}`, Number(row.total));
  }
  return (kind: string, currency = 'USD') => sums.get(`${kind}:${currency}`) ?? 0;
}

/** Sums over every row of the rollup tables, per currency, minor units. */
export async function rollupSums(app: App) {
  const players = rowsOf<Record<string, string>>(
    await app.database.db.execute(sql`
      select currency_code as currency, sum(stakes)::text as stakes, sum(wins)::text as wins,
        sum(deposits)::text as deposits, sum(withdrawals)::text as withdrawals,
        sum(adjustments)::text as adjustments, sum(bonus_costs)::text as "bonusCosts", sum(bets)::text as bets
      from report_player_days group by currency_code`),
  );
  const games = rowsOf<Record<string, string>>(
    await app.database.db.execute(sql`
      select currency_code as currency, sum(stakes)::text as stakes, sum(wins)::text as wins, sum(bets)::text as bets
      from report_game_days group by currency_code`),
  );
  const pick = (rows: Record<string, string>[], currency: string) => {
    const row = rows.find((r) => r.currency === currency) ?? {};
    return (field: string) => Number(row[field] ?? 0);
  };
  return {
    player: (currency = 'USD') => pick(players, currency),
    game: (currency = 'USD') => pick(games, currency),
  };
}

/** Every row of both rollup tables, for comparing two runs. */
export async function rollupRows(app: App) {
  const db = app.database.db;
  return {
    players: rowsOf(
      await db.execute(sql`select * from report_player_days order by day, user_id, currency_code`),
    ),
    games: rowsOf(
      await db.execute(
        sql`select * from report_game_days order by day, provider_code, game_code, currency_code`,
      ),
    ),
  };
}

/** Moves a player's ledger transactions (and their game records) back by `days` whole days. */
export async function backdateLedger(app: App, userId: string, days: number) {
  await app.database.db.execute(sql`
    update ledger_transactions t set created_at = t.created_at - make_interval(days => ${days})
    where exists (
      select 1 from ledger_entries e join wallet_accounts a on a.id = e.account_id
      where e.transaction_id = t.id and a.user_id = ${userId})`);
}

export const utcDay = (offsetDays = 0) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
