import { randomUUID } from 'node:crypto';
import { domainEventSchemas } from '@paws/contracts/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { Database } from '../../src/db/client.ts';
import { writePosting } from '../../src/modules/wallet/ledger-writer.ts';
import type { WalletService } from '../../src/modules/wallet/service.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import {
  countLedger,
  ledgerProblems,
  newPlayer,
  noProblems,
  query,
  txId,
  walletOnItsOwn,
} from './helpers.ts';

let database: Database;
let wallet: WalletService;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, wallet, close } = await walletOnItsOwn());
});
afterAll(() => close());

const movedEvents = (userId: string) =>
  query<{ payload: unknown; balance_after: number | string | null }>(
    database.db,
    sql`select ev.payload, e.balance_after from domain_events ev
      join ledger_entries e on e.transaction_id = (ev.payload->>'ledgerTransactionId')::uuid
      join wallet_accounts a on a.id = e.account_id and a.kind = 'player'
      where ev.name = 'wallet.moved' and ev.payload->>'userId' = ${userId}
      order by ev.id`,
  );

const eventsOf = async (userId: string) =>
  Number(
    (
      await query<{ n: string | number }>(
        database.db,
        sql`select count(*) as n from domain_events where payload->>'userId' = ${userId}`,
      )
    )[0]?.n,
  );

describe('wallet.moved', () => {
  it('is recorded for every movement of a player as its schema has it, the balance the entry’s', async () => {
    const player = await newPlayer(wallet, { minor: 10_000 });
    const { userId, currency } = player;
    const call = (amount: number, roundId = txId('round')) => ({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: txId(),
      roundId,
      sessionToken: player.token,
      userId,
      currency,
      amount,
      gameCode: 'roulette',
    });
    const bet = call(300);
    await wallet.bet(bet);
    await wallet.win({ ...call(500, bet.roundId), referenceTransactionId: bet.transactionId });
    const refunded = call(200);
    await wallet.bet(refunded);
    await wallet.rollback({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: txId('rb'),
      referenceTransactionId: refunded.transactionId,
      roundId: refunded.roundId,
    });
    await wallet.bonusCredit({ userId, currency, amount: 50, key: txId() });
    await wallet.adjust({ userId, currency, amount: -25, key: txId(), reason: 'test' });
    await wallet.withdrawHold({ userId, currency, amount: 1_000, key: `hold-${userId}` });
    await wallet.withdrawRelease({ holdKey: `hold-${userId}` });

    const events = await movedEvents(userId);
    const payloads = events.map((e) => domainEventSchemas['wallet.moved'].parse(e.payload));
    expect(payloads.map((p) => [p.kind, p.amount])).toEqual([
      ['DEPOSIT', 10_000],
      ['BET', -300],
      ['WIN', 500],
      ['BET', -200],
      ['ROLLBACK', 200],
      ['BONUS', 50],
      ['ADJUSTMENT', -25],
      ['WITHDRAW', -1_000],
      ['WITHDRAW_RELEASE', 1_000],
    ]);
    expect(payloads.map((p) => p.balance)).toEqual(events.map((e) => Number(e.balance_after)));
    expect(payloads.at(-1)?.balance).toBe(await wallet.balanceOf(userId, currency));
    expect(payloads[1]?.game).toEqual({
      providerCode: STUDIO_PROVIDER.code,
      gameCode: 'roulette',
      roundId: bet.roundId,
    });
  });

  it('refuses a movement its schema refuses, before anything is written', async () => {
    const player = await newPlayer(wallet, { minor: 1_000 });
    const before = await countLedger(database.db);
    const win = {
      providerCode: STUDIO_PROVIDER.code,
      transactionId: txId(),
      roundId: txId('round'),
      sessionToken: player.token,
      userId: 'player-7',
      currency: player.currency,
      amount: 100,
      gameCode: 'roulette',
    };
    await expect(wallet.win(win)).rejects.toBeInstanceOf(ZodError);

    // Only the schema stands in the way here: the row would be written without it.
    const [house] = await query<{ id: string }>(
      database.db,
      sql`select id from wallet_accounts where system_code = 'house' and currency_code = ${player.currency}`,
    );
    const posting = {
      ledgerTransactionId: randomUUID(),
      kind: 'ROLLBACK' as const,
      reference: `test:${txId()}`,
      at: new Date(),
      amount: 100,
      counterpartyAccountId: house!.id,
      userId: player.userId,
      currency: player.currency,
      game: { providerCode: STUDIO_PROVIDER.code, gameCode: null, roundId: 42 as unknown as string },
    };
    await expect(writePosting(database.db, posting)).rejects.toBeInstanceOf(ZodError);

    expect(await countLedger(database.db)).toBe(before);
    expect(await eventsOf(player.userId)).toBe(1);
    expect(await wallet.balanceOf(player.userId, player.currency)).toBe(1_000);
    expect(await ledgerProblems(database.db)).toEqual(noProblems);
  });
});
