import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { BaccaratBet, BlackjackAction, KenoBet, SlotBet } from '@paws/contracts/studio';
import {
  type StudioApiGameCode,
  type StudioRound,
  studioApiGameCodes,
  studioApiMessages,
  studioEngineGame,
} from '@paws/contracts/studio-api';
import { type CurrencyCode, currencyCodes, fromMinor } from '@paws/contracts/wallet';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import type { WalletClient } from '../wallet/client.ts';
import { isWalletError } from '../wallet/errors.ts';
import { StudioInputError } from './engine/errors.ts';
import { createSeedPair, fairStream, hashServerSeed, publicSeedPair, rotate } from './engine/fair.ts';
import { playBaccarat } from './engine/games/baccarat.ts';
import * as blackjack from './engine/games/blackjack.ts';
import { playKeno } from './engine/games/keno.ts';
import { playSlot, slotStake } from './engine/games/slot.ts';
import * as videoPoker from './engine/games/video-poker.ts';
import { studioLaunches, studioRounds, studioSeedPairs, studioSessions } from './schema.ts';

export const STUDIO_PROVIDER_CODE = 'paws-studio';
export const LAUNCH_TTL_MS = 2 * 60 * 1000;
export const SESSION_TTL_MS = 4 * 60 * 60 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export interface StudioSession {
  userId: string;
  username: string;
  game: StudioApiGameCode;
  currency: CurrencyCode;
  walletSessionToken: string;
  extraSessions: Record<string, string>;
  expiresAt: Date;
}

type SeedPairRow = typeof studioSeedPairs.$inferSelect;
type RoundRow = typeof studioRounds.$inferSelect;

/** Engine refusals become 400s; everything else passes through. */
export function asAppError(err: unknown): unknown {
  if (err instanceof StudioInputError) return badRequest(err.message, err.field);
  return err;
}

export const isApiGame = (value: string): value is StudioApiGameCode =>
  (studioApiGameCodes as readonly string[]).includes(value);

export interface StudioServiceOptions {
  db: Db;
  wallet: WalletClient;
  now?: () => Date;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

export function createStudioService({ db, wallet, now = () => new Date(), log }: StudioServiceOptions) {
  /* Money through the wallet contract */

  const toWallet = (cents: number, currency: CurrencyCode) => fromMinor(cents, currency);

  /** A debit; a refusal for lack of money becomes the API's 400 on `field`. */
  async function debit(
    input: {
      transactionId: string;
      roundId: string;
      sessionToken: string;
      userId: string;
      currency: CurrencyCode;
      cents: number;
      game: StudioApiGameCode;
    },
    field: string,
    insufficientMessage: string = studioApiMessages.insufficientFunds,
  ) {
    try {
      const r = await wallet.bet({
        transactionId: input.transactionId,
        roundId: input.roundId,
        sessionToken: input.sessionToken,
        userId: input.userId,
        currency: input.currency,
        amount: toWallet(input.cents, input.currency),
        gameCode: input.game,
      });
      return r.balance as number;
    } catch (err) {
      if (isWalletError(err, 'INSUFFICIENT_FUNDS')) throw badRequest(insufficientMessage, field);
      if (isWalletError(err, 'SESSION_EXPIRED')) throw unauthorized(studioApiMessages.sessionExpired);
      throw err;
    }
  }

  /** Credits a win; retried (same transaction id, so at most once) before giving up. */
  async function credit(input: {
    transactionId: string;
    referenceTransactionId?: string;
    roundId: string;
    sessionToken: string;
    userId: string;
    currency: CurrencyCode;
    cents: number;
    game: StudioApiGameCode;
  }) {
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const r = await wallet.win({
          transactionId: input.transactionId,
          ...(input.referenceTransactionId ? { referenceTransactionId: input.referenceTransactionId } : {}),
          roundId: input.roundId,
          sessionToken: input.sessionToken,
          userId: input.userId,
          currency: input.currency,
          amount: toWallet(input.cents, input.currency),
          gameCode: input.game,
        });
        await db.update(studioRounds).set({ paidAt: now() }).where(eq(studioRounds.id, input.roundId));
        return r.balance as number;
      } catch (err) {
        lastError = err;
        if (err instanceof AppError && err.statusCode < 500) break;
      }
    }
    log?.error({ err: lastError, roundId: input.roundId }, 'studio win not credited');
    throw lastError;
  }

  async function refund(betTransactionId: string, roundId: string, userId: string, currency: CurrencyCode) {
    try {
      await wallet.rollback({
        transactionId: `${betTransactionId}:rollback`,
        referenceTransactionId: betTransactionId,
        roundId,
        userId,
        currency,
      });
    } catch (err) {
      log?.error({ err, roundId, betTransactionId }, 'studio rollback failed');
    }
  }

  async function walletBalance(session: StudioSession) {
    const r = await wallet.balance({
      sessionToken: session.walletSessionToken,
      userId: session.userId,
      currency: session.currency,
    });
    return r.balance;
  }

  /* Launch and sessions */

  async function createLaunch(input: {
    sessionToken: string;
    gameCode: string;
    currency: string;
    username: string;
    extraSessions?: Record<string, string>;
  }) {
    const code = newToken();
    await db.insert(studioLaunches).values({
      codeHash: sha256(code),
      sessionToken: input.sessionToken,
      gameCode: input.gameCode,
      currency: input.currency,
      username: input.username,
      extraSessions: input.extraSessions ?? {},
      expiresAt: new Date(now().getTime() + LAUNCH_TTL_MS),
    });
    return code;
  }

  async function openSession(launch: string) {
    const at = now();
    const [row] = await db
      .update(studioLaunches)
      .set({ usedAt: at })
      .where(
        and(
          eq(studioLaunches.codeHash, sha256(launch)),
          isNull(studioLaunches.usedAt),
          sql`${studioLaunches.expiresAt} > ${at.toISOString()}`,
        ),
      )
      .returning();
    if (!row || !isApiGame(row.gameCode)) throw unauthorized(studioApiMessages.launchInvalid);
    let auth: Awaited<ReturnType<WalletClient['authenticate']>>;
    try {
      auth = await wallet.authenticate({ sessionToken: row.sessionToken });
    } catch (err) {
      if (isWalletError(err)) throw unauthorized(studioApiMessages.launchInvalid);
      throw err;
    }
    const token = newToken();
    const session: StudioSession = {
      userId: auth.userId,
      username: row.username,
      game: row.gameCode,
      currency: auth.currency,
      walletSessionToken: row.sessionToken,
      extraSessions: row.extraSessions,
      expiresAt: new Date(at.getTime() + SESSION_TTL_MS),
    };
    await db.insert(studioSessions).values({
      tokenHash: sha256(token),
      walletSessionToken: session.walletSessionToken,
      userId: session.userId,
      username: session.username,
      gameCode: session.game,
      currency: session.currency,
      extraSessions: session.extraSessions,
      expiresAt: session.expiresAt,
    });
    const fair = session.game === 'european-roulette' ? null : await fairness(session);
    return { token, session, balance: auth.balance, fairness: fair };
  }

  /** The session a bearer token names, or null when unknown or expired. */
  async function findSession(token: string | undefined): Promise<StudioSession | null> {
    if (!token) return null;
    const [row] = await db
      .select()
      .from(studioSessions)
      .where(eq(studioSessions.tokenHash, sha256(token)));
    if (!row || row.expiresAt <= now() || !isApiGame(row.gameCode)) return null;
    if (!(currencyCodes as readonly string[]).includes(row.currency)) return null;
    return {
      userId: row.userId,
      username: row.username,
      game: row.gameCode,
      currency: row.currency as CurrencyCode,
      walletSessionToken: row.walletSessionToken,
      extraSessions: row.extraSessions,
      expiresAt: row.expiresAt,
    };
  }

  /* Seed pairs */

  async function activePair(q: DbOrTx, userId: string, game: StudioApiGameCode, lock: boolean) {
    const where = and(
      eq(studioSeedPairs.userId, userId),
      eq(studioSeedPairs.game, game),
      isNull(studioSeedPairs.revealedAt),
    );
    const query = q.select().from(studioSeedPairs).where(where);
    const [row] = lock ? await query.for('update') : await query;
    if (row) return row;
    const pair = createSeedPair();
    await q
      .insert(studioSeedPairs)
      .values({ userId, game, ...pair })
      .onConflictDoNothing();
    const again = q.select().from(studioSeedPairs).where(where);
    const [created] = lock ? await again.for('update') : await again;
    if (!created) throw new Error('Seed pair missing after insert');
    return created;
  }

  async function fairness(session: StudioSession) {
    if (session.game === 'european-roulette') throw badRequest(studioApiMessages.tableSeed);
    return publicSeedPair(await activePair(db, session.userId, session.game, false));
  }

  async function rotateSeed(session: StudioSession, clientSeed?: string) {
    if (session.game === 'european-roulette') throw badRequest(studioApiMessages.tableSeed);
    const game = session.game;
    return db.transaction(async (tx) => {
      const pair = await activePair(tx, session.userId, game, true);
      const { revealed, next } = rotate(pair, clientSeed ?? pair.clientSeed);
      await tx.update(studioSeedPairs).set({ revealedAt: now() }).where(eq(studioSeedPairs.id, pair.id));
      await tx.insert(studioSeedPairs).values({ userId: session.userId, game, ...next });
      return {
        revealed: {
          serverSeed: revealed.serverSeed,
          serverSeedHash: revealed.serverSeedHash,
          clientSeed: revealed.clientSeed,
          lastNonce: revealed.nonce > 0 ? revealed.nonce - 1 : null,
        },
        next: publicSeedPair(next),
      };
    });
  }

  /* Rounds */

  function assertGame(session: StudioSession, game: StudioApiGameCode) {
    if (session.game !== game) throw badRequest(studioApiMessages.wrongGame);
  }

  /**
   * Takes the player's next nonce and stores the round, in one transaction; `play` runs the engine on
   * the round's seeds and returns what to store.
   */
  async function startRound(
    session: StudioSession,
    roundId: string,
    currency: CurrencyCode,
    play: (seeds: { serverSeed: string; clientSeed: string; nonce: number }) => {
      stake: number;
      payout: number;
      state: unknown;
      result: unknown;
      finished: boolean;
    },
  ) {
    return db.transaction(async (tx) => {
      const pair = await activePair(tx, session.userId, session.game, true);
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
      return { row: row as RoundRow, pair };
    });
  }

  /** One debit, the engine, one win: baccarat, keno and cash slot spins share it. */
  async function playSingle(
    session: StudioSession,
    game: StudioApiGameCode,
    stake: number,
    field: string,
    run: (rng: ReturnType<typeof fairStream>) => { payout: number; result: unknown },
  ) {
    assertGame(session, game);
    const roundId = randomUUID();
    const betId = `${roundId}:bet`;
    let balance = await debit(
      {
        transactionId: betId,
        roundId,
        sessionToken: session.walletSessionToken,
        userId: session.userId,
        currency: session.currency,
        cents: stake,
        game,
      },
      field,
    );
    let started: Awaited<ReturnType<typeof startRound>>;
    try {
      started = await startRound(session, roundId, session.currency, (seeds) => {
        const r = run(fairStream(seeds));
        return { stake, payout: r.payout, state: null, result: r.result, finished: true };
      });
    } catch (err) {
      await refund(betId, roundId, session.userId, session.currency);
      throw asAppError(err);
    }
    if (started.row.payout > 0) {
      balance = await credit({
        transactionId: `${roundId}:win`,
        referenceTransactionId: betId,
        roundId,
        sessionToken: session.walletSessionToken,
        userId: session.userId,
        currency: session.currency,
        cents: started.row.payout,
        game,
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
  async function spinSlot(session: StudioSession, bet: SlotBet) {
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
    await debit(
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
      started = await startRound(session, roundId, 'USD', (seeds) => {
        const result = playSlot(fairStream(seeds), bet);
        return { stake: slotStake(bet), payout: result.totalPayout, state: null, result, finished: true };
      });
    } catch (err) {
      await refund(betId, roundId, session.userId, 'FREE_SPINS');
      throw asAppError(err);
    }
    // The stake column of a free spin is its notional USD stake; the wallet moved one FREE_SPINS unit.
    if (started.row.payout > 0) {
      const balance = await credit({
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
    return { round: present(started.row, started.pair), balance: await walletBalance(session) };
  }

  /* Multi-step games: blackjack and video poker */

  interface BlackjackStored {
    engine: blackjack.BlackjackState;
    actions: string[];
  }
  interface VideoPokerStored {
    engine: videoPoker.VideoPokerState;
  }

  async function dealBlackjack(session: StudioSession, amount: number) {
    return dealMulti(session, 'blackjack', amount, (seeds) => {
      const engine = blackjack.deal(fairStream(seeds), { amount });
      return blackjackOutcome({ engine, actions: [] });
    });
  }

  function blackjackOutcome(stored: BlackjackStored) {
    const finished = stored.engine.phase === 'finished';
    return {
      stake: blackjack.totalStake(stored.engine),
      payout: stored.engine.totalPayout ?? 0,
      state: stored,
      result: blackjack.publicView(stored.engine),
      finished,
    };
  }

  async function dealVideoPoker(session: StudioSession, amount: number) {
    return dealMulti(session, 'video-poker', amount, (seeds) => {
      const engine = videoPoker.deal(fairStream(seeds), { amount });
      return videoPokerOutcome({ engine });
    });
  }

  function videoPokerOutcome(stored: VideoPokerStored) {
    return {
      stake: stored.engine.stake,
      payout: stored.engine.payout ?? 0,
      state: stored,
      result: videoPoker.publicView(stored.engine),
      finished: stored.engine.phase === 'finished',
    };
  }

  async function ensureNoOpenRound(session: StudioSession, game: StudioApiGameCode) {
    const [open] = await db
      .select({ id: studioRounds.id })
      .from(studioRounds)
      .where(
        and(
          eq(studioRounds.userId, session.userId),
          eq(studioRounds.game, game),
          eq(studioRounds.finished, false),
        ),
      )
      .limit(1);
    if (open) throw badRequest(studioApiMessages.roundOpen);
  }

  async function dealMulti(
    session: StudioSession,
    game: 'blackjack' | 'video-poker',
    amount: number,
    play: Parameters<typeof startRound>[3],
  ) {
    assertGame(session, game);
    await ensureNoOpenRound(session, game);
    const roundId = randomUUID();
    const betId = `${roundId}:bet`;
    let balance = await debit(
      {
        transactionId: betId,
        roundId,
        sessionToken: session.walletSessionToken,
        userId: session.userId,
        currency: session.currency,
        cents: amount,
        game,
      },
      'amount',
    );
    let started: Awaited<ReturnType<typeof startRound>>;
    try {
      started = await startRound(session, roundId, session.currency, play);
    } catch (err) {
      await refund(betId, roundId, session.userId, session.currency);
      throw asAppError(err);
    }
    if (started.row.finished) balance = await payOut(started.row, game, balance);
    return { round: present(started.row, started.pair), balance };
  }

  async function payOut(row: RoundRow, game: StudioApiGameCode, balance: number) {
    if (row.payout <= 0) return balance;
    return credit({
      transactionId: `${row.id}:win`,
      roundId: row.id,
      sessionToken: row.walletSessionToken,
      userId: row.userId,
      currency: row.currency as CurrencyCode,
      cents: row.payout,
      game,
    });
  }

  async function loadOpenRound(session: StudioSession, roundId: string, game: StudioApiGameCode) {
    const [row] = await db
      .select()
      .from(studioRounds)
      .where(and(eq(studioRounds.id, roundId), eq(studioRounds.userId, session.userId)));
    if (!row || row.game !== game) throw notFound(studioApiMessages.roundNotFound);
    if (row.finished) throw badRequest(studioApiMessages.roundFinished);
    return row;
  }

  /**
   * One step of a multi-step round. Extra stakes (double, split, insurance) are debited first with
   * their own transaction id `${roundId}:${step}:${action}`; the new state is stored only if nobody
   * stored another step meanwhile (the step counter), else the extra debit is rolled back.
   */
  async function step(
    session: StudioSession,
    row: RoundRow,
    game: StudioApiGameCode,
    action: string,
    extraStake: number,
    next: () => ReturnType<typeof blackjackOutcome> | ReturnType<typeof videoPokerOutcome>,
  ) {
    const extraId = `${row.id}:${row.step + 1}:${action}`;
    let balance: number | null = null;
    if (extraStake > 0) {
      balance = await debit(
        {
          transactionId: extraId,
          roundId: row.id,
          sessionToken: row.walletSessionToken,
          userId: row.userId,
          currency: row.currency as CurrencyCode,
          cents: extraStake,
          game,
        },
        'amount',
      );
    }
    let updated: RoundRow | undefined;
    try {
      const outcome = next();
      [updated] = await db
        .update(studioRounds)
        .set({
          step: row.step + 1,
          stake: outcome.stake,
          payout: outcome.payout,
          state: outcome.state,
          result: outcome.result,
          finished: outcome.finished,
        })
        .where(and(eq(studioRounds.id, row.id), eq(studioRounds.step, row.step)))
        .returning();
    } catch (err) {
      if (extraStake > 0) await refund(extraId, row.id, row.userId, row.currency as CurrencyCode);
      throw asAppError(err);
    }
    if (!updated) {
      // Another request moved the round on; a retry of the same action shares our transaction id.
      const [current] = await db.select().from(studioRounds).where(eq(studioRounds.id, row.id));
      const sameStep =
        current && current.step > row.step && lastAction(current, row.step) === action && extraStake > 0;
      if (extraStake > 0 && !sameStep)
        await refund(extraId, row.id, row.userId, row.currency as CurrencyCode);
      throw new AppError(409, 'The round changed meanwhile; reload it');
    }
    if (updated.finished && updated.payout > 0) balance = await payOut(updated, game, 0);
    if (balance === null) balance = await walletBalance(session);
    const [pair] = await db.select().from(studioSeedPairs).where(eq(studioSeedPairs.id, updated.seedPairId));
    return { round: present(updated, pair as SeedPairRow), balance };
  }

  function lastAction(row: RoundRow, stepIndex: number) {
    const stored = row.state as { actions?: string[]; held?: unknown } | null;
    return stored?.actions?.[stepIndex] ?? (row.game === 'video-poker' ? 'draw' : undefined);
  }

  async function blackjackAction(session: StudioSession, roundId: string, action: BlackjackAction) {
    assertGame(session, 'blackjack');
    const row = await loadOpenRound(session, roundId, 'blackjack');
    const stored = row.state as BlackjackStored;
    if (!blackjack.allowedActions(stored.engine).includes(action))
      throw badRequest(`You cannot ${action} now`, 'action');
    const extra = blackjack.additionalStake(stored.engine, action);
    return step(session, row, 'blackjack', action, extra, () =>
      blackjackOutcome({
        engine: blackjack.act(stored.engine, action),
        actions: [...stored.actions, action],
      }),
    );
  }

  async function videoPokerDraw(session: StudioSession, roundId: string, held: boolean[]) {
    assertGame(session, 'video-poker');
    const row = await loadOpenRound(session, roundId, 'video-poker');
    const stored = row.state as VideoPokerStored;
    return step(session, row, 'video-poker', 'draw', 0, () =>
      videoPokerOutcome({ engine: videoPoker.draw(stored.engine, held) }),
    );
  }

  /* History */

  function present(row: RoundRow, pair: SeedPairRow): StudioRound {
    return {
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
    } as StudioRound;
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

  return {
    createLaunch,
    openSession,
    findSession,
    fairness,
    rotateSeed,
    walletBalance,
    playBaccaratRound,
    playKenoRound,
    spinSlot,
    dealBlackjack,
    blackjackAction,
    dealVideoPoker,
    videoPokerDraw,
    rounds,
    present,
    debit,
    credit,
    refund,
  };
}

export type StudioService = ReturnType<typeof createStudioService>;

export { hashServerSeed, studioEngineGame };
