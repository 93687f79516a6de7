import type { RouletteBet } from '@paws/contracts/studio';
import type { StudioApiGameCode } from '@paws/contracts/studio-api';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  studioPendingDebits,
  studioRouletteBets,
  studioRouletteRounds,
  studioRounds,
  studioSeedPairs,
} from './schema.ts';

export type RoundRow = typeof studioRouletteRounds.$inferSelect;
export type NewRound = typeof studioRouletteRounds.$inferInsert;
export type SeedPairRow = typeof studioSeedPairs.$inferSelect;
type NewSeedPair = Omit<typeof studioSeedPairs.$inferInsert, 'userId' | 'game'>;

/** A player's bets on one table round, as the placement writes them. */
export interface Placement {
  roundId: string;
  roundNumber: number;
  seedPairId: string;
  userId: string;
  walletSessionToken: string;
  currency: CurrencyCode;
  bets: RouletteBet[];
  totalStake: number;
}

/** The live roulette table's SQL: its rounds, its seed pair and the players' placements. */
export function createRouletteRepository(db: Db, game: StudioApiGameCode) {
  return {
    transaction<T>(fn: (tx: DbOrTx) => Promise<T>) {
      return db.transaction((tx) => fn(tx));
    },

    // Rounds.
    async latestRound(): Promise<RoundRow | undefined> {
      const [row] = await db
        .select()
        .from(studioRouletteRounds)
        .orderBy(desc(studioRouletteRounds.roundNumber))
        .limit(1);
      return row;
    },
    async roundByNumber(roundNumber: number): Promise<RoundRow | undefined> {
      const [row] = await db
        .select()
        .from(studioRouletteRounds)
        .where(eq(studioRouletteRounds.roundNumber, roundNumber));
      return row;
    },
    /** The round, locked to the end of the transaction: 'share' against its update, 'update' for one. */
    async lockRound(
      roundNumber: number,
      mode: 'share' | 'update',
      tx: DbOrTx,
    ): Promise<RoundRow | undefined> {
      const [row] = await tx
        .select()
        .from(studioRouletteRounds)
        .where(eq(studioRouletteRounds.roundNumber, roundNumber))
        .for(mode);
      return row;
    },
    /** The numbers of the last `limit` rounds that showed their result, newest first. */
    async lastResults(limit: number) {
      return db
        .select({ roundNumber: studioRouletteRounds.roundNumber, number: studioRouletteRounds.number })
        .from(studioRouletteRounds)
        .where(and(eq(studioRouletteRounds.phase, 'RESULT'), isNotNull(studioRouletteRounds.number)))
        .orderBy(desc(studioRouletteRounds.roundNumber))
        .limit(limit);
    },
    async insertRound(values: NewRound): Promise<RoundRow> {
      const [row] = await db.insert(studioRouletteRounds).values(values).returning();
      return row as RoundRow;
    },
    async updateRound(roundNumber: number, values: Partial<NewRound>, tx: DbOrTx = db): Promise<RoundRow> {
      const [row] = await tx
        .update(studioRouletteRounds)
        .set(values)
        .where(eq(studioRouletteRounds.roundNumber, roundNumber))
        .returning();
      return row as RoundRow;
    },
    async retimeRound(
      roundNumber: number,
      times: Pick<RoundRow, 'bettingEndsAt' | 'spinningEndsAt' | 'resultEndsAt'>,
    ) {
      await db
        .update(studioRouletteRounds)
        .set(times)
        .where(eq(studioRouletteRounds.roundNumber, roundNumber));
    },
    async markRoundSettled(roundNumber: number, at: Date) {
      await db
        .update(studioRouletteRounds)
        .set({ settledAt: at })
        .where(eq(studioRouletteRounds.roundNumber, roundNumber));
    },

    // The table's seed pair.
    async seedPair(id: string): Promise<SeedPairRow | undefined> {
      const [pair] = await db.select().from(studioSeedPairs).where(eq(studioSeedPairs.id, id));
      return pair;
    },
    async lockSeedPair(id: string, tx: DbOrTx): Promise<SeedPairRow | undefined> {
      const [pair] = await tx.select().from(studioSeedPairs).where(eq(studioSeedPairs.id, id)).for('update');
      return pair;
    },
    async setSeedNonce(id: string, nonce: number, tx: DbOrTx) {
      await tx.update(studioSeedPairs).set({ nonce }).where(eq(studioSeedPairs.id, id));
    },
    async revealSeedPair(id: string, at: Date) {
      await db.update(studioSeedPairs).set({ revealedAt: at }).where(eq(studioSeedPairs.id, id));
    },
    /** The table's unrevealed seed pair; `fresh()` makes one when there is none. */
    async activeTablePair(fresh: () => NewSeedPair): Promise<SeedPairRow> {
      const where = and(
        isNull(studioSeedPairs.userId),
        eq(studioSeedPairs.game, game),
        isNull(studioSeedPairs.revealedAt),
      );
      const [pair] = await db.select().from(studioSeedPairs).where(where);
      if (pair) return pair;
      const [created] = await db
        .insert(studioSeedPairs)
        .values({ userId: null, game, ...fresh() })
        .returning();
      return created as SeedPairRow;
    },

    // Placements.
    /** The placement's round, its bets, and the end of its debit's intent (the debit is now recorded). */
    async insertPlacement(placement: Placement, tx: DbOrTx) {
      const { roundId, roundNumber, userId, bets, totalStake } = placement;
      await tx.insert(studioRounds).values({
        id: roundId,
        userId,
        game,
        seedPairId: placement.seedPairId,
        nonce: roundNumber,
        walletSessionToken: placement.walletSessionToken,
        currency: placement.currency,
        stake: totalStake,
        payout: 0,
        state: { roundNumber, bets },
        result: null,
        finished: false,
      });
      await tx
        .delete(studioPendingDebits)
        .where(and(eq(studioPendingDebits.roundId, roundId), isNull(studioPendingDebits.step)));
      await tx.insert(studioRouletteBets).values({ roundId, roundNumber, userId, bets, totalStake });
    },
    async unsettledPlacements(roundNumber: number) {
      return db
        .select({ bet: studioRouletteBets, round: studioRounds })
        .from(studioRouletteBets)
        .innerJoin(studioRounds, eq(studioRounds.id, studioRouletteBets.roundId))
        .where(and(eq(studioRouletteBets.roundNumber, roundNumber), isNull(studioRouletteBets.settledAt)));
    },
    async finishPlacement(roundId: string, result: { payout: number; result: unknown }, at: Date) {
      await db
        .update(studioRounds)
        .set({ payout: result.payout, result: result.result, finished: true })
        .where(eq(studioRounds.id, roundId));
      await db
        .update(studioRouletteBets)
        .set({ settledAt: at })
        .where(eq(studioRouletteBets.roundId, roundId));
    },
    /** Rounds past their result with placements still unpaid (a previous driver stopped half-way). */
    async roundNumbersWithUnsettledPlacements(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ roundNumber: studioRouletteBets.roundNumber })
        .from(studioRouletteBets)
        .innerJoin(studioRouletteRounds, eq(studioRouletteRounds.roundNumber, studioRouletteBets.roundNumber))
        .where(and(isNull(studioRouletteBets.settledAt), eq(studioRouletteRounds.phase, 'RESULT')));
      return rows.map((r) => r.roundNumber);
    },
    async roundsByNumbers(numbers: number[]): Promise<RoundRow[]> {
      return db.select().from(studioRouletteRounds).where(inArray(studioRouletteRounds.roundNumber, numbers));
    },
  };
}

export type RouletteRepository = ReturnType<typeof createRouletteRepository>;
