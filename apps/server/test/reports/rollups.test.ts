import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleNames } from '../../src/modules/manifest.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/index.ts';
import { quiesce } from '../backbone/helpers.ts';
import { WITHDRAW } from '../payments/helpers.ts';
import {
  backdateLedger,
  createReportsTestApp,
  ledgerSums,
  play,
  playingPlayer,
  type ReportsTestApp,
  rollupRows,
  rollupSums,
  utcDay,
} from './helpers.ts';

// The rollup job is not scheduled here (reports is not served), so nothing but the test runs it.
const SERVICES = moduleNames.filter((name) => name !== 'reports').join(',');
const SPIN = { fund: 'cash', stake: 1 };
const LOTO = { picks: [1, 2, 3], amount: 1 };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('daily rollups from the ledger', () => {
  let t: ReportsTestApp;
  let alice: Awaited<ReturnType<typeof playingPlayer>>;
  let bob: Awaited<ReturnType<typeof playingPlayer>>;
  const db = () => t.app.database.db;

  beforeAll(async () => {
    t = await createReportsTestApp({ SERVICES });
    // Real play: deposits through the payments sandbox, games opened through the catalogue.
    alice = await playingPlayer(t, 'wild-paws', 200);
    await play(alice.call, '/wild-paws/spin', SPIN, 6);
    await play(await alice.open('loto'), '/loto/play', LOTO, 4);
    const withdrawal = await alice.b.post(WITHDRAW, { amount: 10, paymentMethod: 'CARD' });
    expect(withdrawal.statusCode).toBe(201);
    await t.app.wallet.adjust({
      userId: alice.userId,
      currency: 'USD',
      amount: -250,
      key: randomUUID(),
      reason: 'test',
    });
    await t.app.wallet.adjust({
      userId: alice.userId,
      currency: 'USD',
      amount: 500,
      key: randomUUID(),
      reason: 'test',
    });

    // A round that surely won (the random ones above may all have lost), so every kind is present.
    const won = {
      providerCode: STUDIO_PROVIDER.code,
      roundId: randomUUID(),
      userId: alice.userId,
      currency: 'USD',
      gameCode: 'loto',
    } as const;
    const wonSession = await t.app.wallet.createGameSession(won);
    await t.app.wallet.bet({
      ...won,
      sessionToken: wonSession.token,
      transactionId: `${won.roundId}:bet`,
      amount: 100,
    });
    await t.app.wallet.win({
      ...won,
      sessionToken: wonSession.token,
      transactionId: `${won.roundId}:win`,
      amount: 250,
    });

    bob = await playingPlayer(t, 'loto', 50);
    await play(bob.call, '/loto/play', LOTO, 3);
    // A bet the provider rolled back: its stake does not stand.
    const session = await t.app.wallet.createGameSession({
      userId: bob.userId,
      gameCode: 'loto',
      providerCode: STUDIO_PROVIDER.code,
      currency: 'USD',
    });
    const roundId = randomUUID();
    await t.app.wallet.bet({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: `${roundId}:bet`,
      roundId,
      sessionToken: session.token,
      userId: bob.userId,
      currency: 'USD',
      amount: 700,
      gameCode: 'loto',
    });
    await t.app.wallet.rollback({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: `${roundId}:rollback`,
      referenceTransactionId: `${roundId}:bet`,
      roundId,
    });
    await t.app.wallet.bonusCredit({
      userId: bob.userId,
      currency: 'BONUS_USD',
      amount: 300,
      key: randomUUID(),
    });
    // A withdrawal held, then declined and returned.
    const hold = randomUUID();
    await t.app.wallet.withdrawHold({ userId: bob.userId, currency: 'USD', amount: 900, key: hold });
    await t.app.wallet.withdrawRelease({ holdKey: hold });
    // Bob played three days ago (with the welcome bonuses his deposit and first bet earned).
    await quiesce(t.app);
    await backdateLedger(t.app, bob.userId, 3);
  });
  afterAll(() => t.close());

  it('the rollups reconcile with the ledger: the sums over every row equal the ledger’s own sums per kind', async () => {
    await quiesce(t.app);
    const run = await t.app.reports.runRollups({ dateFrom: utcDay(-5), dateTo: utcDay(0) });
    expect(run).toMatchObject({ dateFrom: utcDay(-5), dateTo: utcDay(0) });
    expect(run.changedRows).toBeGreaterThan(0);

    const ledger = await ledgerSums(t.app);
    const rollups = await rollupSums(t.app);
    const kinds = rowsOf<{ kind: string }>(
      await db().execute(sql`select distinct t.kind from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id join wallet_accounts a on a.id = e.account_id
        where a.kind = 'player'`),
    ).map((r) => r.kind);
    // Every kind that moves player money is one of the rollups' figures.
    expect(kinds.sort()).toEqual(
      ['ADJUSTMENT', 'BET', 'BONUS', 'DEPOSIT', 'ROLLBACK', 'WIN', 'WITHDRAW', 'WITHDRAW_RELEASE'].sort(),
    );
    for (const currency of ['USD', 'BONUS_USD', 'PAWS', 'FREE_SPINS']) {
      const player = rollups.player(currency);
      const game = rollups.game(currency);
      // (+ 0: a sum of nothing negated is -0.)
      const kind = (k: string) => ledger(k, currency) + 0;
      expect(player('stakes'), `${currency} stakes`).toBe(-(kind('BET') + kind('ROLLBACK')) + 0);
      expect(player('wins'), `${currency} wins`).toBe(kind('WIN'));
      expect(player('deposits'), `${currency} deposits`).toBe(kind('DEPOSIT'));
      expect(player('withdrawals'), `${currency} withdrawals`).toBe(
        -(kind('WITHDRAW') + kind('WITHDRAW_RELEASE')) + 0,
      );
      expect(player('adjustments'), `${currency} adjustments`).toBe(kind('ADJUSTMENT'));
      expect(player('bonusCosts'), `${currency} bonus costs`).toBe(kind('BONUS'));
      expect(game('stakes'), `${currency} game stakes`).toBe(player('stakes'));
      expect(game('wins'), `${currency} game wins`).toBe(player('wins'));
      expect(game('bets'), `${currency} game bets`).toBe(player('bets'));
    }
    // And the figures are the ones played: 6 + 4 + 3 + 1 one-dollar rounds and a rolled-back bet.
    expect(rollups.player('USD')('stakes')).toBe(14 * 100);
    expect(rollups.player('USD')('bets')).toBe(15);
    expect(rollups.player('USD')('adjustments')).toBe(250);
    expect(rollups.player('USD')('withdrawals')).toBe(1000);
    expect(rollups.player('BONUS_USD')('bonusCosts')).toBeGreaterThan(300);
  });

  it('re-running the job changes nothing; a new bet changes only what it touched', async () => {
    await quiesce(t.app);
    await t.app.reports.runRollups({ dateFrom: utcDay(-5), dateTo: utcDay(0) });
    const before = await rollupRows(t.app);
    const again = await t.app.reports.runRollups({ dateFrom: utcDay(-5), dateTo: utcDay(0) });
    expect(again.changedRows).toBe(0);
    expect(await rollupRows(t.app)).toEqual(before);

    await play(alice.call, '/wild-paws/spin', SPIN, 1);
    await quiesce(t.app);
    const after = await t.app.reports.runRollups();
    // Alice's USD day and wild-paws' USD day.
    expect(after.changedRows).toBe(2);
    expect((await rollupSums(t.app)).player('USD')('stakes')).toBe(15 * 100);
  });

  it('puts each transaction on its UTC day, per player and per game', async () => {
    await t.app.reports.runRollups({ dateFrom: utcDay(-5), dateTo: utcDay(0) });
    const bobsDay = await t.app.reports.players({ ...listQuery, playerId: bob.userId }, 1, 20);
    expect(bobsDay.items.map((r) => [r.day, r.currency])).toEqual([
      [utcDay(-3), 'BONUS_USD'],
      [utcDay(-3), 'USD'],
    ]);
    const usd = bobsDay.items.find((r) => r.currency === 'USD');
    expect(usd).toMatchObject({ stakes: 3, bets: 4, deposits: 50, withdrawals: 0, adjustments: 0 });
    expect(usd?.ggr).toBeCloseTo(usd!.stakes - usd!.wins, 2);

    const threeDaysAgo = await t.app.reports.games(
      { ...gameQuery, dateFrom: utcDay(-3), dateTo: utcDay(-3) },
      1,
      20,
    );
    expect(threeDaysAgo.items.map((r) => [r.gameCode, r.currency, r.stakes, r.bets])).toEqual([
      ['loto', 'USD', 3, 4],
    ]);
    expect(threeDaysAgo.items[0]?.name).toBe('Loto');
    const today = await t.app.reports.games({ ...gameQuery, dateFrom: utcDay(0), dateTo: utcDay(0) }, 1, 20);
    expect(today.items.map((r) => r.gameCode).sort()).toEqual(['loto', 'wild-paws']);
  });

  it('a scheduled run fills the month’s days never computed, then recomputes only yesterday and today', async () => {
    await db().execute(sql`delete from report_rollup_days`);
    const first = await t.app.reports.scheduledRollups();
    expect([first.dateFrom, first.dateTo]).toEqual([utcDay(-30), utcDay(0)]);
    const next = await t.app.reports.scheduledRollups();
    expect([next.dateFrom, next.dateTo]).toEqual([utcDay(-1), utcDay(0)]);
    expect(next.changedRows).toBe(0);
  });

  it('removes rows the ledger no longer backs', async () => {
    const ghost = randomUUID();
    await db().execute(sql`insert into report_player_days (day, user_id, currency_code, stakes, updated_at)
      values (${utcDay(-1)}, ${ghost}, 'USD', 100, now())`);
    const run = await t.app.reports.runRollups();
    expect(run.changedRows).toBe(1);
    const left = rowsOf(await db().execute(sql`select 1 from report_player_days where user_id = ${ghost}`));
    expect(left).toEqual([]);
  });
});

const listQuery = { page: 1, limit: 20, sort: 'day', order: 'desc', format: 'json' } as const;
const gameQuery = listQuery;
