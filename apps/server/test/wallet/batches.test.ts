import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { isWalletError } from '../../src/modules/wallet/errors.ts';
import { createWalletService, type WalletService } from '../../src/modules/wallet/service.ts';
import { STUDIO_PROVIDER, seedWalletProviders } from '../../src/modules/wallet/signature.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import { ledgerProblems, newPlayer, noProblems, txId } from './helpers.ts';

/*
 * Concurrent game calls grouped into one statement (game-call-batches.ts). One send in flight at a time, so
 * the first of calls made together goes alone and the others wait for it, then leave together: what each
 * test groups is known. Runs on PGlite and on PostgreSQL alike.
 */

let database: Database;
let wallet: WalletService;
let drop: () => Promise<void>;
beforeAll(async () => {
  const testDb = await createTestDatabase();
  database = testDb.database;
  drop = testDb.drop;
  await database.migrate();
  await seedWalletProviders(database.db);
  wallet = createWalletService({ db: database.db, batching: { concurrency: 1, maxBatch: 16 } });
  await wallet.ready();
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** The statements `call` sent: node-postgres queries, or PGlite's Sync messages (one ends each statement). */
async function statementsOf<T>(call: () => Promise<T>): Promise<{ value: T; statements: number }> {
  if (database.kind === 'postgres') {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const value = await call();
      return { value, statements: query.mock.calls.length };
    } finally {
      query.mockRestore();
    }
  }
  const stream = vi.spyOn(database.pglite!, 'execProtocolStream');
  const isSync = (message: unknown) =>
    message instanceof Uint8Array && message.length === 5 && message[0] === 0x53;
  try {
    const value = await call();
    return { value, statements: stream.mock.calls.filter(([message]) => isSync(message)).length };
  } finally {
    stream.mockRestore();
  }
}

type Player = Awaited<ReturnType<typeof newPlayer>>;

const bet = (player: Player, amount: number, transactionId = txId('bet')) => ({
  providerCode: STUDIO_PROVIDER.code,
  transactionId,
  roundId: `round-${transactionId}`,
  sessionToken: player.token,
  userId: player.userId,
  currency: player.currency,
  amount,
  gameCode: 'roulette',
});

/** Each call's answer: its result, or its refusal's code. */
const settled = <T>(calls: Promise<T>[]) =>
  Promise.all(
    calls.map((call) =>
      call.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
    ),
  );
const codeOf = (outcome: { error: unknown } | { value: unknown }) =>
  'error' in outcome && isWalletError(outcome.error) ? outcome.error.code : outcome;

describe('concurrent game calls grouped into one statement', () => {
  it('bets of eight players: each answered with its own balance, in two statements', async () => {
    const players = await Promise.all(
      Array.from({ length: 8 }, (_, i) => newPlayer(wallet, { minor: 1_000 * (i + 1) })),
    );
    const { value: results, statements } = await statementsOf(() =>
      Promise.all(players.map((player, i) => wallet.bet(bet(player, 10 + i)))),
    );
    // The first alone, the seven that came meanwhile in one statement: two commits for eight bets.
    expect(statements).toBe(2);
    expect(results.map((result) => result.balance)).toEqual(players.map((_, i) => 1_000 * (i + 1) - 10 - i));
    expect(results.map((result) => result.userId)).toEqual(players.map((player) => player.userId));
    for (const [i, player] of players.entries()) {
      expect(await wallet.balanceOf(player.userId, 'USD')).toBe(1_000 * (i + 1) - 10 - i);
    }
    expect(await ledgerProblems(database.db)).toEqual(noProblems);
  });

  it('wins of several players in one statement, each with its own balance', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => newPlayer(wallet, { minor: 100 })));
    const bets = players.map((player) => bet(player, 50));
    await Promise.all(bets.map((call) => wallet.bet(call)));
    const { value: results, statements } = await statementsOf(() =>
      Promise.all(
        bets.map((call, i) =>
          wallet.win({
            ...call,
            transactionId: `${call.transactionId}:win`,
            amount: 100 * (i + 1),
            referenceTransactionId: call.transactionId,
          }),
        ),
      ),
    );
    // One or two statements (the bets' last send may still be closing when the wins come): fewer than wins.
    expect(statements).toBeLessThanOrEqual(2);
    expect(results.map((result) => result.balance)).toEqual(players.map((_, i) => 50 + 100 * (i + 1)));
    expect(await ledgerProblems(database.db)).toEqual(noProblems);
  });

  it('a refused bet in a batch leaves its neighbours untouched and gets its own refusal', async () => {
    const [first, poor, rich, stranger] = await Promise.all([
      newPlayer(wallet, { minor: 500 }),
      newPlayer(wallet, { minor: 5 }),
      newPlayer(wallet, { minor: 500 }),
      newPlayer(wallet, { minor: 500 }),
    ]);
    const { value: outcomes, statements } = await statementsOf(() =>
      settled([
        wallet.bet(bet(first!, 100)),
        wallet.bet(bet(poor!, 100)),
        wallet.bet(bet(rich!, 100)),
        // Someone else's session.
        wallet.bet({ ...bet(stranger!, 100), sessionToken: first!.token }),
      ]),
    );
    expect(outcomes.map((outcome) => ('value' in outcome ? outcome.value.balance : codeOf(outcome)))).toEqual(
      [400, 'INSUFFICIENT_FUNDS', 400, 'INVALID_SESSION'],
    );
    // Alone, the batch, then a read of each refused call's id (none found): no fallback one by one.
    expect(statements).toBe(4);
    expect(await wallet.balanceOf(poor!.userId, 'USD')).toBe(5);
    expect(await wallet.balanceOf(stranger!.userId, 'USD')).toBe(500);
    expect(await ledgerProblems(database.db)).toEqual(noProblems);
  });

  it("a player's bets made together apply in arrival order, each balance check seeing the ones before", async () => {
    const [player, other] = await Promise.all([
      newPlayer(wallet, { minor: 30 }),
      newPlayer(wallet, { minor: 100 }),
    ]);
    const outcomes = await settled([
      wallet.bet(bet(other!, 1)),
      wallet.bet(bet(player!, 10)),
      wallet.bet(bet(player!, 20)),
      wallet.bet(bet(other!, 1)),
      wallet.bet(bet(player!, 10)),
    ]);
    expect(outcomes.map((outcome) => ('value' in outcome ? outcome.value.balance : codeOf(outcome)))).toEqual(
      [99, 20, 0, 98, 'INSUFFICIENT_FUNDS'],
    );
    expect(await ledgerProblems(database.db)).toEqual(noProblems);
  });

  it('a repeated id made together answers the first result; one of another player is refused, nothing lost', async () => {
    const [opener, player, thief] = await Promise.all([
      newPlayer(wallet, { minor: 100 }),
      newPlayer(wallet, { minor: 100 }),
      newPlayer(wallet, { minor: 100 }),
    ]);
    const call = bet(player!, 40);
    const outcomes = await settled([
      wallet.bet(bet(opener!, 1)),
      wallet.bet(call),
      wallet.bet(call),
      // The same id from another player in the same batch: its unique index fails the batch, which is then
      // posted call by call.
      wallet.bet({ ...bet(thief!, 40), transactionId: call.transactionId, roundId: call.roundId }),
    ]);
    const [, first, repeated, stolen] = outcomes;
    expect(first).toMatchObject({ value: { balance: 60, replayed: false } });
    expect(repeated).toMatchObject({
      value: { id: (first as { value: { id: string } }).value.id, replayed: true },
    });
    expect(codeOf(stolen!)).toBe('DUPLICATE_TRANSACTION_MISMATCH');
    expect(await wallet.balanceOf(player!.userId, 'USD')).toBe(60);
    expect(await wallet.balanceOf(thief!.userId, 'USD')).toBe(100);
    expect(await ledgerProblems(database.db)).toEqual(noProblems);
  });

  it('a lone bet goes at once, alone: one statement', async () => {
    const player = await newPlayer(wallet, { minor: 100 });
    await wallet.bet(bet(player, 1));
    const { statements } = await statementsOf(() => wallet.bet(bet(player, 1)));
    expect(statements).toBe(1);
  });
});
