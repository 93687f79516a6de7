import { randomUUID } from 'node:crypto';
import type { CurrencyCode } from '@paws/contracts/wallet';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import type { WalletService } from '../../src/modules/wallet/service.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import { ledgerProblems, newPlayer, noProblems, txId, walletOnItsOwn } from './helpers.ts';

/*
 * How many statements each wallet call sends to the database. The game calls are the hot path (a spin is a
 * bet and a win), so a change that adds a round trip there fails here. The wallet runs without the app, so
 * that no background work (jobs, event delivery) is counted.
 */

let database: Database;
let wallet: WalletService;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, wallet, close } = await walletOnItsOwn());
});
afterAll(() => close());

/** The statements `call` sent: node-postgres queries, or PGlite's Sync messages (one ends each statement). */
async function statementsOf(call: () => Promise<unknown>): Promise<number> {
  if (database.kind === 'postgres') {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await call();
      return query.mock.calls.length;
    } finally {
      query.mockRestore();
    }
  }
  const stream = vi.spyOn(database.pglite!, 'execProtocolStream');
  const isSync = (message: unknown) =>
    message instanceof Uint8Array && message.length === 5 && message[0] === 0x53;
  try {
    await call();
    return stream.mock.calls.filter(([message]) => isSync(message)).length;
  } finally {
    stream.mockRestore();
  }
}

type Player = { userId: string; currency: CurrencyCode; token: string };

const gameCall = (player: Player, amount: number, roundId = txId('round')) => ({
  providerCode: STUDIO_PROVIDER.code,
  transactionId: txId(),
  roundId,
  sessionToken: player.token,
  userId: player.userId,
  currency: player.currency,
  amount,
  gameCode: 'roulette',
});

describe('statements per wallet call', () => {
  it('a spin: the bet is one statement (its ban check included), the win one statement', async () => {
    const player = await newPlayer(wallet, { minor: 10_000 });
    // The session's first bet also marks it played (in the same statement); count a later one.
    await wallet.bet(gameCall(player, 100));

    const bet = gameCall(player, 100);
    expect(await statementsOf(() => wallet.bet(bet))).toBe(1);
    expect(await statementsOf(() => wallet.win(gameCall(player, 250, bet.roundId)))).toBe(1);

    const named = gameCall(player, 100);
    await wallet.bet(named);
    const win = { ...gameCall(player, 50, named.roundId), referenceTransactionId: named.transactionId };
    expect(await statementsOf(() => wallet.win(win))).toBe(1);
    // A repeated call: the statement moves nothing, and the first call's record is read.
    expect(await statementsOf(() => wallet.bet(bet))).toBe(2);
    expect(await statementsOf(() => wallet.win(win))).toBe(2);
    expect(await ledgerProblems(database.db)).toEqual(noProblems);
  });

  it('a rollback: its transaction, the bet locked and marked, one posting and its own record', async () => {
    const player = await newPlayer(wallet, { minor: 10_000 });
    const bet = gameCall(player, 100);
    await wallet.bet(bet);
    const rollback = {
      providerCode: STUDIO_PROVIDER.code,
      transactionId: txId('rb'),
      referenceTransactionId: bet.transactionId,
      roundId: bet.roundId,
    };
    // begin, claim the rollback's id, lock the bet, mark it rolled back, post, complete the record, commit.
    expect(await statementsOf(() => wallet.rollback(rollback))).toBe(7);
    expect(await ledgerProblems(database.db)).toEqual(noProblems);
  });

  it('a posting is one statement; in the caller’s transaction, within a savepoint', async () => {
    const userId = randomUUID();
    await wallet.ensureAccounts(userId);
    const usd = { userId, currency: 'USD' as const };
    expect(await statementsOf(() => wallet.deposit({ ...usd, amount: 5_000, key: txId() }))).toBe(1);
    expect(await statementsOf(() => wallet.bonusCredit({ ...usd, amount: 100, key: txId() }))).toBe(1);
    expect(
      await statementsOf(() => wallet.adjust({ ...usd, amount: -100, key: txId(), reason: 'test' })),
    ).toBe(1);
    expect(await statementsOf(() => wallet.withdrawHold({ ...usd, amount: 1_000, key: 'hold-a' }))).toBe(1);
    // The hold is read first; a settlement moves no player, so the balance it answers is read after.
    expect(await statementsOf(() => wallet.withdrawSettle({ holdKey: 'hold-a' }))).toBe(3);
    await wallet.withdrawHold({ ...usd, amount: 1_000, key: 'hold-b' });
    expect(await statementsOf(() => wallet.withdrawRelease({ holdKey: 'hold-b' }))).toBe(2);
    // begin, savepoint, the posting, release, commit.
    expect(
      await statementsOf(() =>
        database.db.transaction((tx) => wallet.deposit({ ...usd, amount: 1, key: txId() }, tx)),
      ),
    ).toBe(5);
    expect(await wallet.balanceOf(userId, 'USD')).toBe(5_000 + 100 - 100 - 1_000 - 1_000 + 1_000 + 1);
    expect(await ledgerProblems(database.db)).toEqual(noProblems);
  });

  it('a game call’s (provider, external id) probe has one index to take: its unique one', async () => {
    // Another index led by the provider (one value for every studio call) looked as cheap to the planner
    // while a young table's statistics lagged, and the bet's probe then read every call of the provider.
    const { rows } = (await database.db.execute(
      `select indexname from pg_indexes
       where tablename = 'game_transactions' and indexdef ~ 'USING btree \\(provider_code[,)]'`,
    )) as unknown as { rows: Array<{ indexname: string }> };
    expect(rows.map((row) => row.indexname)).toEqual(['game_transactions_provider_external_unique']);
  });
});
