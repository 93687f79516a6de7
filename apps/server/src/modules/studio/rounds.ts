import { randomUUID } from 'node:crypto';
import type { BaccaratBet, KenoBet, SlotBet } from '@paws/contracts/studio';
import { type StudioApiGameCode, type StudioRound, studioApiMessages } from '@paws/contracts/studio-api';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { StudioInputError } from '@paws/studio-engine/errors';
import { type ByteStream, fairStream, type RoundSeeds } from '@paws/studio-engine/fair';
import { playBaccarat } from '@paws/studio-engine/games/baccarat';
import { playKeno } from '@paws/studio-engine/games/keno';
import { playSlot, slotStake } from '@paws/studio-engine/games/slot';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { playInOneTransaction } from './rounds-in-one.ts';
import { studioPendingDebits, studioRounds, studioSeedPairs } from './schema.ts';
import type { SeedPairRow, StudioSeeds } from './seeds.ts';
import type { StudioSession } from './sessions.ts';
import type { StudioWalletCalls } from './wallet-calls.ts';

export type RoundRow = typeof studioRounds.$inferSelect;

/** A round as the API answers it, with the balance after it. */
export interface RoundAnswer {
  round: StudioRound;
  balance: number;
}

/** What a round stores after the engine ran: amounts in cents, `state` secret, `result` public. */
export interface RoundOutcome {
  stake: number;
  payout: number;
  state: unknown;
  result: unknown;
  finished: boolean;
}

export interface RoundsDeps {
  db: Db;
  seeds: StudioSeeds;
  money: StudioWalletCalls;
  now: () => Date;
}

/** Engine refusals become 400s; everything else passes through. */
export function asAppError(err: unknown): unknown {
  if (err instanceof StudioInputError) return badRequest(err.message, err.field);
  return err;
}

export function assertGame(session: StudioSession, game: StudioApiGameCode) {
  if (session.game !== game) throw badRequest(studioApiMessages.wrongGame);
}

/**
 * Takes the player's next nonce and stores the round, in one transaction; `play` runs the engine on
 * the round's seeds (synchronously, inside the transaction that holds the seed pair) and returns what
 * to store.
 */
export async function startRound(
  { db, seeds }: RoundsDeps,
  session: StudioSession,
  roundId: string,
  currency: CurrencyCode,
  play: (seeds: RoundSeeds) => RoundOutcome,
) {
  const started = await db.transaction(async (tx) => {
    const pair = await seeds.activePair(tx, session.userId, session.game, true);
    const outcome = play({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce });
    await tx
      .update(studioSeedPairs)
      .set({ nonce: pair.nonce + 1 })
      .where(eq(studioSeedPairs.id, pair.id));
    const [row] = await tx
      .insert(studioRounds)
      .values({
        id: roundId,
        userId: session.userId,
        game: session.game,
        seedPairId: pair.id,
        nonce: pair.nonce,
        walletSessionToken: session.walletSessionToken,
        currency,
        stake: outcome.stake,
        payout: outcome.payout,
        state: outcome.state ?? null,
        result: outcome.result,
        finished: outcome.finished,
      })
      .returning();
    // The opening bet's intent is settled with the round it paid for.
    await tx
      .delete(studioPendingDebits)
      .where(and(eq(studioPendingDebits.roundId, roundId), isNull(studioPendingDebits.step)));
    return { row: row as RoundRow, pair };
  });
  seeds.played(started.pair);
  return started;
}

/** A stored round as the API shows it: the seed only once its pair was rotated. */
export function present(row: RoundRow, pair: SeedPairRow): StudioRound {
  const base = {
    id: row.id,
    game: row.game,
    nonce: row.nonce,
    serverSeedHash: pair.serverSeedHash,
    serverSeed: pair.revealedAt ? pair.serverSeed : null,
    clientSeed: pair.clientSeed,
    stake: row.stake,
    payout: row.payout,
    result: row.result,
    createdAt: row.createdAt.toISOString(),
    finished: row.finished,
  };
  if (row.game === 'blackjack') {
    const stored = row.state as { actions?: string[] } | null;
    return { ...base, actions: stored?.actions ?? [] } as StudioRound;
  }
  return base as StudioRound;
}

/** Single-step games (baccarat, keno, the slot) and the round history. */
export function createRounds(deps: RoundsDeps) {
  const { db, money, seeds, now } = deps;

  /** One debit, the engine, one win: baccarat, keno and cash slot spins share it. */
  async function playSingle(
    session: StudioSession,
    game: StudioApiGameCode,
    stake: number,
    field: string,
    run: (rng: ByteStream) => { payout: number; result: unknown },
  ): Promise<RoundAnswer> {
    assertGame(session, game);
    if (money.playRound) {
      try {
        const played = await playInOneTransaction(
          { seeds, playRound: money.playRound, now },
          session,
          game,
          stake,
          field,
          run,
        );
        return { round: present(played.row, played.pair), balance: played.balance };
      } catch (err) {
        throw asAppError(err);
      }
    }
    // The wallet over HTTP: the debit first, under an intent that recovery settles if we stop half-way.
    const roundId = randomUUID();
    const betId = `${roundId}:bet`;
    const wallet = {
      roundId,
      sessionToken: session.walletSessionToken,
      userId: session.userId,
      currency: session.currency,
      game,
    };
    let balance = await money.debit({ ...wallet, transactionId: betId, cents: stake }, field);
    let started: Awaited<ReturnType<typeof startRound>>;
    try {
      started = await startRound(deps, session, roundId, session.currency, (seeds) => {
        const r = run(fairStream(seeds));
        return { stake, payout: r.payout, state: null, result: r.result, finished: true };
      });
    } catch (err) {
      await money.refund(betId, roundId, session.userId, session.currency);
      throw asAppError(err);
    }
    if (started.row.payout > 0) {
      balance = await money.credit({
        ...wallet,
        transactionId: `${roundId}:win`,
        referenceTransactionId: betId,
        cents: started.row.payout,
      });
    }
    return { round: present(started.row, started.pair), balance };
  }

  const playBaccaratRound = (session: StudioSession, bet: BaccaratBet) => {
    const stake = (bet.player ?? 0) + (bet.banker ?? 0) + (bet.tie ?? 0);
    return playSingle(session, 'baccarat', stake, 'amount', (rng) => {
      const result = playBaccarat(rng, bet);
      return { payout: result.totalPayout, result };
    });
  };

  const playKenoRound = (session: StudioSession, bet: KenoBet) =>
    playSingle(session, 'loto', bet.amount, 'amount', (rng) => {
      const result = playKeno(rng, bet);
      return { payout: result.payout, result };
    });

  /**
   * The slot. A free spin debits one FREE_SPINS unit on the slot's FREE_SPINS wallet session and pays
   * its win in USD on the USD session (the session's own when it plays in USD).
   */
  async function spinSlot(session: StudioSession, bet: SlotBet): Promise<RoundAnswer> {
    if (bet.fund === 'cash') {
      return playSingle(session, 'wild-paws', bet.stake, 'stake', (rng) => {
        const result = playSlot(rng, bet);
        return { payout: result.totalPayout, result };
      });
    }
    assertGame(session, 'wild-paws');
    const spinsSession = session.extraSessions.FREE_SPINS;
    const usdSession = session.currency === 'USD' ? session.walletSessionToken : session.extraSessions.USD;
    if (!spinsSession || !usdSession) throw badRequest(studioApiMessages.noFreeSpins, 'fund');
    const roundId = randomUUID();
    const betId = `${roundId}:bet`;
    await money.debit(
      {
        transactionId: betId,
        roundId,
        sessionToken: spinsSession,
        userId: session.userId,
        currency: 'FREE_SPINS',
        cents: 1,
        game: 'wild-paws',
      },
      'fund',
      studioApiMessages.noFreeSpins,
    );
    let started: Awaited<ReturnType<typeof startRound>>;
    try {
      started = await startRound(deps, session, roundId, 'USD', (seeds) => {
        const result = playSlot(fairStream(seeds), bet);
        return { stake: slotStake(bet), payout: result.totalPayout, state: null, result, finished: true };
      });
    } catch (err) {
      await money.refund(betId, roundId, session.userId, 'FREE_SPINS');
      throw asAppError(err);
    }
    // The stake column of a free spin is its notional USD stake; the wallet moved one FREE_SPINS unit.
    if (started.row.payout > 0) {
      const balance = await money.credit({
        transactionId: `${roundId}:win`,
        roundId,
        sessionToken: usdSession,
        userId: session.userId,
        currency: 'USD',
        cents: started.row.payout,
        game: 'wild-paws',
      });
      if (session.currency === 'USD') return { round: present(started.row, started.pair), balance };
    }
    return { round: present(started.row, started.pair), balance: await money.walletBalance(session) };
  }

  async function rounds(session: StudioSession, query: { game?: StudioApiGameCode; limit: number }) {
    const rows = await db
      .select({ round: studioRounds, pair: studioSeedPairs })
      .from(studioRounds)
      .innerJoin(studioSeedPairs, eq(studioSeedPairs.id, studioRounds.seedPairId))
      .where(
        and(
          eq(studioRounds.userId, session.userId),
          query.game ? eq(studioRounds.game, query.game) : undefined,
        ),
      )
      .orderBy(desc(studioRounds.createdAt), desc(studioRounds.id))
      .limit(query.limit);
    return rows.map((r) => present(r.round, r.pair));
  }

  return { playBaccaratRound, playKenoRound, spinSlot, rounds };
}
