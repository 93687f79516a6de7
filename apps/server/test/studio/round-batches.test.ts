import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rgAccounts, rgPlayHours } from '../../src/modules/responsible-gaming/schema.ts';
import { countStatements, stopBackgroundWork } from '../helpers/statement-count.ts';
import { cents, createStudioTestApp, movementsOf, playerSession, usd, walletRecords } from './api-helpers.ts';

/*
 * Concurrent spins of different players, in process: their rounds leave the wallet together (bets and rounds
 * in one statement, wins in a second, one commit), and each is answered as if played alone. Background work
 * is stopped so every statement counted is the spins'.
 */

let t: Awaited<ReturnType<typeof createStudioTestApp>>;
beforeAll(async () => {
  t = await createStudioTestApp();
  await stopBackgroundWork(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Player = Awaited<ReturnType<typeof playerSession>>;
const spin = (p: Player) => p.call('POST', '/wild-paws/spin', { fund: 'cash', stake: 1 });

/** Every written round kept its money, its records and its events, once each. */
async function expectKept(p: Player, before: number, res: Awaited<ReturnType<typeof spin>>) {
  expect(res.statusCode, res.body).toBe(201);
  const { round, balance } = res.json() as { round: { id: string; payout: number }; balance: number };
  expect(await usd(p.userId, t.app)).toBe(before - 100 + cents(round.payout));
  expect(cents(balance)).toBe(before - 100 + cents(round.payout));
  const kinds = round.payout > 0 ? ['BET', 'WIN'] : ['BET'];
  expect((await walletRecords(t.app, round.id)).map((r) => r.kind)).toEqual(kinds);
  expect(await movementsOf(t.app, round.id)).toEqual(kinds);
}

describe('rounds of several players together', () => {
  it('ten players spinning at once: each answered with its own round and balance, in a few statements', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => playerSession(t.app, 'wild-paws')));
    // One spin each first, so every player's seed pair is known and the count holds only the rounds.
    for (const p of players) expect((await spin(p)).statusCode).toBe(201);
    const before = await Promise.all(players.map((p) => usd(p.userId, t.app)));

    let answers: Awaited<ReturnType<typeof spin>>[] = [];
    const count = await countStatements(t.app.database, async () => {
      answers = await Promise.all(players.map(spin));
    });
    for (const [i, p] of players.entries()) await expectKept(p, before[i] as number, answers[i]!);
    const message = count.texts.join('\n---\n');
    // Alone, ten rounds are ten to forty statements (a bet, or begin, bet, win, commit).
    expect(count.statements, message).toBeLessThanOrEqual(40);
    // The embedded database has one connection: the rounds reach the wallet one after another, each behind the
    // round that holds it, so there is nothing to batch.
    if (t.app.database.kind !== 'postgres') return;
    // Together: the first alone (at most four), the rest in batches of begin, bets, wins, commit.
    expect(count.statements, message).toBeLessThanOrEqual(12);
    // A batch's bets are one statement whatever their number: its values as arrays, one `input` row a bet.
    expect(
      count.texts.some((text) => text.includes('with ordinality as t(')),
      message,
    ).toBe(true);
  });

  it('a refused round in a batch gets its own refusal and moves nothing; its neighbours are written', async () => {
    const rich = await Promise.all(Array.from({ length: 4 }, () => playerSession(t.app, 'wild-paws')));
    const poor = await playerSession(t.app, 'wild-paws', { usd: 50 });
    const everyone = [...rich, poor];
    const before = await Promise.all(everyone.map((p) => usd(p.userId, t.app)));
    const answers = await Promise.all(everyone.map(spin));
    for (const [i, p] of rich.entries()) await expectKept(p, before[i] as number, answers[i]!);
    const refused = answers[4]!;
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await usd(poor.userId, t.app)).toBe(50);
  });

  it('a player found to have limits in a batch is played on the limited path, their play counted', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => playerSession(t.app, 'wild-paws')));
    for (const p of players) expect((await spin(p)).statusCode).toBe(201);
    const limited = players[2] as Player;
    // Limits set after the first spin: this process does not know them yet, so the round joins a batch.
    await t.app.database.db.insert(rgAccounts).values({ userId: limited.userId });
    const before = await Promise.all(players.map((p) => usd(p.userId, t.app)));
    const answers = await Promise.all(players.map(spin));
    for (const [i, p] of players.entries()) await expectKept(p, before[i] as number, answers[i]!);
    const hours = await t.app.database.db
      .select({ stakes: rgPlayHours.stakes })
      .from(rgPlayHours)
      .where(eq(rgPlayHours.userId, limited.userId));
    // Only the limited path counts a bet in the player's hours: the spin after the limits, once.
    expect(hours.map((h) => h.stakes)).toEqual([100]);
  });
});
