import { randomUUID } from 'node:crypto';
import { type RouletteBet, rouletteColor } from '@paws/contracts/studio';
import {
  type RoulettePhase,
  type RouletteTable,
  rouletteResultEventSchema,
  rouletteSettledEventSchema,
  rouletteTableSchema,
  type StudioApiGameCode,
  studioApiMessages,
} from '@paws/contracts/studio-api';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { ROULETTE_TABLE_CLIENT_SEED, settle, spinRound } from '@paws/studio-engine/games/roulette';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type pg from 'pg';
import type { Namespace } from 'socket.io';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { createSeedPair } from './fair-seeds.ts';
import {
  studioPendingDebits,
  studioRouletteBets,
  studioRouletteRounds,
  studioRounds,
  studioSeedPairs,
} from './schema.ts';
import type { StudioService, StudioSession } from './service.ts';

export interface RouletteTimings {
  bettingMs: number;
  spinningMs: number;
  resultMs: number;
  /** Rounds drawn with one table seed before it is revealed and replaced. */
  rotateEvery: number;
}

export const DEFAULT_ROULETTE_TIMINGS: RouletteTimings = {
  bettingMs: 20_000,
  spinningMs: 6_000,
  resultMs: 4_000,
  rotateEvery: 100,
};

/** Any constant: the session-level advisory lock the table driver holds on PostgreSQL. */
const TABLE_DRIVER_LOCK = 7_281_077;
const LAST_RESULTS = 20;
const TABLE_GAME = 'european-roulette' satisfies StudioApiGameCode;

type RoundRow = typeof studioRouletteRounds.$inferSelect;

export const userRoom = (userId: string) => `user:${userId}`;

export interface RouletteTableOptions {
  database: Database;
  studio: StudioService;
  namespace: () => Namespace;
  timings?: Partial<RouletteTimings>;
  now?: () => Date;
  log: { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
}

/**
 * The live table. Every process accepts bets and serves the state from the database; exactly one
 * process drives the wheel (PostgreSQL: whoever holds a session advisory lock; PGlite: the only
 * process), so there is one sequence of rounds. Phase changes, results and settlements are emitted
 * on the '/roulette' namespace; the Redis adapter carries them to the other processes' sockets.
 */
export function createRouletteTable({
  database,
  studio,
  namespace,
  timings: initial,
  now = () => new Date(),
  log,
}: RouletteTableOptions) {
  const { db } = database;
  let timings: RouletteTimings = { ...DEFAULT_ROULETTE_TIMINGS, ...initial };
  let running = false;
  let driving = false;
  let timer: NodeJS.Timeout | undefined;
  let lockClient: pg.PoolClient | undefined;
  let busy: Promise<void> = Promise.resolve();

  /* State, from the database (any process) */

  async function lastResults() {
    const rows = await db
      .select({ roundNumber: studioRouletteRounds.roundNumber, number: studioRouletteRounds.number })
      .from(studioRouletteRounds)
      .where(and(eq(studioRouletteRounds.phase, 'RESULT'), isNotNull(studioRouletteRounds.number)))
      .orderBy(desc(studioRouletteRounds.roundNumber))
      .limit(LAST_RESULTS);
    return rows.map((r) => spinRoundView(r.roundNumber, r.number as number));
  }

  async function latestRound() {
    const [row] = await db
      .select()
      .from(studioRouletteRounds)
      .orderBy(desc(studioRouletteRounds.roundNumber))
      .limit(1);
    return row;
  }

  function phaseEndsAt(round: RoundRow) {
    if (round.phase === 'BETTING') return round.bettingEndsAt;
    if (round.phase === 'SPINNING') return round.spinningEndsAt;
    return round.resultEndsAt;
  }

  async function pairHash(id: string) {
    const [pair] = await db.select().from(studioSeedPairs).where(eq(studioSeedPairs.id, id));
    return pair?.serverSeedHash ?? '';
  }

  /** The 'table' payload; null before the first round was opened. */
  async function state(): Promise<RouletteTable | null> {
    const round = await latestRound();
    if (!round) return null;
    return {
      roundNumber: round.roundNumber,
      phase: round.phase,
      phaseEndsAt: phaseEndsAt(round).toISOString(),
      serverSeedHash: await pairHash(round.seedPairId),
      lastResults: await lastResults(),
    };
  }

  /* Bets (any process) */

  async function placeBets(session: StudioSession, roundNumber: number, bets: RouletteBet[]) {
    if (session.game !== TABLE_GAME) throw badRequest(studioApiMessages.wrongGame);
    const closed = () => badRequest(studioApiMessages.bettingClosed, 'roundNumber');
    const isOpen = (round: RoundRow | undefined) =>
      round !== undefined && round.phase === 'BETTING' && round.bettingEndsAt > now();
    const [before] = await db
      .select()
      .from(studioRouletteRounds)
      .where(eq(studioRouletteRounds.roundNumber, roundNumber));
    if (!isOpen(before)) throw closed();
    const total = bets.reduce((sum, b) => sum + b.amount, 0);
    const roundId = randomUUID();
    const betId = `${roundId}:bet`;
    const balance = await studio.debit(
      {
        transactionId: betId,
        roundId,
        sessionToken: session.walletSessionToken,
        userId: session.userId,
        currency: session.currency,
        cents: total,
        game: TABLE_GAME,
      },
      'amount',
    );
    try {
      await db.transaction(async (tx) => {
        // A share lock: the driver's close of betting (an update of this row) waits for us, and after it
        // no bet can be added to the round.
        const [round] = await tx
          .select()
          .from(studioRouletteRounds)
          .where(eq(studioRouletteRounds.roundNumber, roundNumber))
          .for('share');
        if (!round || !isOpen(round)) throw closed();
        await tx.insert(studioRounds).values({
          id: roundId,
          userId: session.userId,
          game: TABLE_GAME,
          seedPairId: round.seedPairId,
          nonce: roundNumber,
          walletSessionToken: session.walletSessionToken,
          currency: session.currency,
          stake: total,
          payout: 0,
          state: { roundNumber, bets },
          result: null,
          finished: false,
        });
        await tx
          .delete(studioPendingDebits)
          .where(and(eq(studioPendingDebits.roundId, roundId), isNull(studioPendingDebits.step)));
        await tx.insert(studioRouletteBets).values({
          roundId,
          roundNumber,
          userId: session.userId,
          bets,
          totalStake: total,
        });
      });
    } catch (err) {
      await studio.refund(betId, roundId, session.userId, session.currency);
      throw err;
    }
    return { accepted: true as const, balance };
  }

  /* The driver */

  async function activeTablePair() {
    const where = and(
      isNull(studioSeedPairs.userId),
      eq(studioSeedPairs.game, TABLE_GAME),
      isNull(studioSeedPairs.revealedAt),
    );
    const [pair] = await db.select().from(studioSeedPairs).where(where);
    if (pair) return pair;
    const fresh = createSeedPair(ROULETTE_TABLE_CLIENT_SEED);
    const [created] = await db
      .insert(studioSeedPairs)
      .values({ userId: null, game: TABLE_GAME, ...fresh })
      .returning();
    return created as typeof studioSeedPairs.$inferSelect;
  }

  async function openRound(previous: RoundRow | undefined) {
    const pair = await activeTablePair();
    const start = now().getTime();
    const bettingEndsAt = new Date(start + timings.bettingMs);
    const spinningEndsAt = new Date(bettingEndsAt.getTime() + timings.spinningMs);
    const [round] = await db
      .insert(studioRouletteRounds)
      .values({
        roundNumber: (previous?.roundNumber ?? 0) + 1,
        seedPairId: pair.id,
        phase: 'BETTING',
        bettingEndsAt,
        spinningEndsAt,
        resultEndsAt: new Date(spinningEndsAt.getTime() + timings.resultMs),
      })
      .returning();
    return round as RoundRow;
  }

  async function closeBetting(round: RoundRow) {
    return db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(studioRouletteRounds)
        .where(eq(studioRouletteRounds.roundNumber, round.roundNumber))
        .for('update');
      if (!locked) return round;
      if (locked.phase !== 'BETTING') return locked;
      const [pair] = await tx
        .select()
        .from(studioSeedPairs)
        .where(eq(studioSeedPairs.id, locked.seedPairId))
        .for('update');
      if (!pair) throw new Error('Table seed missing');
      const { number } = spinRound(pair.serverSeed, locked.roundNumber, pair.clientSeed);
      await tx
        .update(studioSeedPairs)
        .set({ nonce: pair.nonce + 1 })
        .where(eq(studioSeedPairs.id, pair.id));
      // The spin starts now even if the driver was late: the wheel gets its full time.
      const spinningEndsAt = new Date(
        Math.max(now().getTime(), locked.bettingEndsAt.getTime()) + timings.spinningMs,
      );
      const [updated] = await tx
        .update(studioRouletteRounds)
        .set({
          phase: 'SPINNING',
          number,
          spinningEndsAt,
          resultEndsAt: new Date(spinningEndsAt.getTime() + timings.resultMs),
        })
        .where(eq(studioRouletteRounds.roundNumber, locked.roundNumber))
        .returning();
      return updated as RoundRow;
    });
  }

  async function showResult(round: RoundRow) {
    const resultEndsAt = new Date(now().getTime() + timings.resultMs);
    const [updated] = await db
      .update(studioRouletteRounds)
      .set({ phase: 'RESULT', resultEndsAt })
      .where(eq(studioRouletteRounds.roundNumber, round.roundNumber))
      .returning();
    const shown = updated as RoundRow;
    const [pair] = await db.select().from(studioSeedPairs).where(eq(studioSeedPairs.id, shown.seedPairId));
    let serverSeed: string | undefined;
    if (pair && pair.nonce >= timings.rotateEvery) {
      await db.update(studioSeedPairs).set({ revealedAt: now() }).where(eq(studioSeedPairs.id, pair.id));
      serverSeed = pair.serverSeed;
    }
    const number = shown.number as number;
    namespace().emit(
      'result',
      z.encode(rouletteResultEventSchema, {
        ...spinRoundView(shown.roundNumber, number),
        ...(serverSeed ? { serverSeed } : {}),
      }),
    );
    await settleRound(shown);
    return shown;
  }

  /** Pays every placement of the round (wins are idempotent, so a resumed settlement pays nothing twice). */
  async function settleRound(round: RoundRow) {
    const number = round.number as number;
    const placements = await db
      .select({ bet: studioRouletteBets, round: studioRounds })
      .from(studioRouletteBets)
      .innerJoin(studioRounds, eq(studioRounds.id, studioRouletteBets.roundId))
      .where(
        and(eq(studioRouletteBets.roundNumber, round.roundNumber), isNull(studioRouletteBets.settledAt)),
      );
    const perUser = new Map<
      string,
      {
        totalStake: number;
        totalPayout: number;
        bets: ReturnType<typeof settle>['bets'];
        balance: number | null;
        session: { token: string; currency: CurrencyCode };
      }
    >();
    for (const { bet, round: row } of placements) {
      try {
        const settlement = settle(bet.bets as RouletteBet[], number);
        let balance: number | null = null;
        if (settlement.totalPayout > 0) {
          balance = await studio.credit({
            transactionId: `${row.id}:win`,
            referenceTransactionId: `${row.id}:bet`,
            roundId: row.id,
            sessionToken: row.walletSessionToken,
            userId: row.userId,
            currency: row.currency as CurrencyCode,
            cents: settlement.totalPayout,
            game: TABLE_GAME,
          });
        }
        const at = now();
        await db
          .update(studioRounds)
          .set({ payout: settlement.totalPayout, result: settlement, finished: true })
          .where(eq(studioRounds.id, row.id));
        await db
          .update(studioRouletteBets)
          .set({ settledAt: at })
          .where(eq(studioRouletteBets.roundId, row.id));
        const entry = perUser.get(row.userId) ?? {
          totalStake: 0,
          totalPayout: 0,
          bets: [],
          balance: null,
          session: { token: row.walletSessionToken, currency: row.currency as CurrencyCode },
        };
        entry.totalStake += settlement.totalStake;
        entry.totalPayout += settlement.totalPayout;
        entry.bets.push(...settlement.bets);
        if (balance !== null) entry.balance = balance;
        perUser.set(row.userId, entry);
      } catch (err) {
        log.error({ err, roundId: row.id }, 'roulette settlement failed; retried at the next round');
      }
    }
    for (const [userId, entry] of perUser) {
      try {
        const balance =
          entry.balance ??
          (await studio.walletBalance({
            userId,
            walletSessionToken: entry.session.token,
            currency: entry.session.currency,
          } as StudioSession));
        namespace()
          .to(userRoom(userId))
          .emit(
            'settled',
            z.encode(rouletteSettledEventSchema, {
              roundNumber: round.roundNumber,
              totalStake: entry.totalStake,
              totalPayout: entry.totalPayout,
              bets: entry.bets,
              balance,
            }),
          );
      } catch (err) {
        log.error({ err, userId }, 'roulette settled event failed');
      }
    }
    await db
      .update(studioRouletteRounds)
      .set({ settledAt: now() })
      .where(eq(studioRouletteRounds.roundNumber, round.roundNumber));
  }

  /** Settles placements a previous driver left behind (a crash between the result and the payments). */
  async function settleLeftovers(current: number) {
    const rows = await db
      .selectDistinct({ roundNumber: studioRouletteBets.roundNumber })
      .from(studioRouletteBets)
      .innerJoin(studioRouletteRounds, eq(studioRouletteRounds.roundNumber, studioRouletteBets.roundNumber))
      .where(and(isNull(studioRouletteBets.settledAt), eq(studioRouletteRounds.phase, 'RESULT')));
    const numbers = rows.map((r) => r.roundNumber).filter((n) => n !== current);
    if (numbers.length === 0) return;
    const rounds = await db
      .select()
      .from(studioRouletteRounds)
      .where(inArray(studioRouletteRounds.roundNumber, numbers));
    for (const round of rounds) await settleRound(round);
  }

  async function emitTable() {
    const payload = await state();
    if (payload) namespace().emit('table', z.encode(rouletteTableSchema, payload));
  }

  /** One step of the state machine; returns when to run the next one. */
  async function advance(): Promise<number> {
    let round = await latestRound();
    const t = now().getTime();
    if (!round || (round.phase === 'RESULT' && round.settledAt && round.resultEndsAt.getTime() <= t)) {
      round = await openRound(round);
      await emitTable();
      return round.bettingEndsAt.getTime() - t;
    }
    const ends = phaseEndsAt(round).getTime();
    if (ends > t && !(round.phase === 'RESULT' && !round.settledAt)) return ends - t;
    const phase: RoulettePhase = round.phase;
    if (phase === 'BETTING') {
      round = await closeBetting(round);
      await emitTable();
      return round.spinningEndsAt.getTime() - now().getTime();
    }
    if (phase === 'SPINNING') {
      round = await showResult(round);
      await emitTable();
      await settleLeftovers(round.roundNumber);
      return round.resultEndsAt.getTime() - now().getTime();
    }
    // RESULT, not settled: a previous driver stopped half-way.
    await settleRound(round);
    return 0;
  }

  function schedule(delayMs: number) {
    if (!running || !driving) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        busy = advance()
          .then((next) => schedule(next))
          .catch((err) => {
            log.error({ err }, 'roulette table step failed');
            schedule(1000);
          });
      },
      Math.max(0, delayMs),
    );
  }

  async function acquire(): Promise<boolean> {
    if (database.kind === 'pglite') return true;
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      const r = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        TABLE_DRIVER_LOCK,
      ]);
      if (r.rows[0]?.locked) {
        lockClient = client;
        client.on('error', (err) => {
          // After stop() the client is back in the pool and no longer ours to release.
          if (lockClient !== client) return;
          log.error({ err }, 'roulette driver lost its database connection');
          driving = false;
          lockClient = undefined;
          client.release(err);
          retry();
        });
        return true;
      }
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    client.release();
    return false;
  }

  let retryTimer: NodeJS.Timeout | undefined;
  function retry() {
    if (!running || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void tryDrive();
    }, 2000);
  }

  async function tryDrive() {
    if (!running || driving) return;
    try {
      if (await acquire()) {
        driving = true;
        log.info({}, 'this process drives the roulette table');
        schedule(0);
        return;
      }
    } catch (err) {
      log.error({ err }, 'roulette driver lock failed');
    }
    retry();
  }

  async function start() {
    if (running) return;
    running = true;
    await tryDrive();
  }

  async function stop() {
    running = false;
    if (timer) clearTimeout(timer);
    if (retryTimer) clearTimeout(retryTimer);
    timer = undefined;
    retryTimer = undefined;
    await busy.catch(() => {});
    driving = false;
    const client = lockClient;
    lockClient = undefined;
    if (client) {
      await client.query('select pg_advisory_unlock($1)', [TABLE_DRIVER_LOCK]).catch(() => {});
      client.release();
    }
  }

  return {
    state,
    placeBets,
    start,
    stop,
    /** Stops, applies new timings (tests use short phases), starts again. */
    async restart(next: Partial<RouletteTimings>) {
      await stop();
      timings = { ...timings, ...next };
      // A betting window opened under the old timings is cut to the new length.
      const round = await latestRound();
      const bettingEndsAt = new Date(now().getTime() + timings.bettingMs);
      if (round?.phase === 'BETTING' && round.bettingEndsAt > bettingEndsAt) {
        const spinningEndsAt = new Date(bettingEndsAt.getTime() + timings.spinningMs);
        await db
          .update(studioRouletteRounds)
          .set({
            bettingEndsAt,
            spinningEndsAt,
            resultEndsAt: new Date(spinningEndsAt.getTime() + timings.resultMs),
          })
          .where(eq(studioRouletteRounds.roundNumber, round.roundNumber));
      }
      await start();
    },
    get driving() {
      return driving;
    },
  };
}

function spinRoundView(roundNumber: number, number: number) {
  return { roundNumber, number, color: rouletteColor(number) };
}

export type RouletteTableDriver = ReturnType<typeof createRouletteTable>;
