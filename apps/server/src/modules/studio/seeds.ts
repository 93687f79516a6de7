import type { Fairness } from '@paws/contracts/studio';
import { type StudioApiGameCode, studioApiMessages } from '@paws/contracts/studio-api';
import { publicSeedPair } from '@paws/studio-engine/fair';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { badRequest } from '../../lib/errors.ts';
import { createSeedPair, rotate } from './fair-seeds.ts';
import { studioSeedPairs } from './schema.ts';
import type { StudioSession } from './sessions.ts';

export type SeedPairRow = typeof studioSeedPairs.$inferSelect;

/** Answer to a rotation: the revealed pair (with the last nonce played) and the new public pair. */
export interface SeedRotationResult {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number | null };
  next: Fairness;
}

/** A player's seed pair per game: one in use (created on first need), the retired ones revealed. */
export interface StudioSeeds {
  /** The pair in use, created when missing; `lock` takes it FOR UPDATE inside the caller's transaction. */
  activePair(q: DbOrTx, userId: string, game: StudioApiGameCode, lock: boolean): Promise<SeedPairRow>;
  fairness(session: StudioSession): Promise<Fairness>;
  rotateSeed(session: StudioSession, clientSeed?: string): Promise<SeedRotationResult>;
  /**
   * The pair in use as this process last saw it (read once, then kept): a round written with it guards on its
   * nonce, and a miss means another process moved it on (forget it and read again).
   */
  knownPair(userId: string, game: StudioApiGameCode): Promise<SeedPairRow>;
  /** A round was written with `pair`: its next nonce is the one after. */
  played(pair: SeedPairRow): void;
  forget(userId: string, game: StudioApiGameCode): void;
}

const ACTIVE_PAIR_ATTEMPTS = 20;
/** Active pairs this process keeps in memory. */
const PAIR_CACHE_SIZE = 10_000;

export function createSeeds({ db, now }: { db: Db; now: () => Date }): StudioSeeds {
  const known = new BoundedMap<string, SeedPairRow>(PAIR_CACHE_SIZE);
  const keyOf = (userId: string, game: string) => `${userId}:${game}`;

  async function knownPair(userId: string, game: StudioApiGameCode) {
    const cached = known.get(keyOf(userId, game));
    if (cached) return cached;
    const pair = await activePair(db, userId, game, false);
    known.set(keyOf(userId, game), pair);
    return pair;
  }

  function played(pair: SeedPairRow) {
    if (pair.userId) known.set(keyOf(pair.userId, pair.game), { ...pair, nonce: pair.nonce + 1 });
  }

  const forget = (userId: string, game: StudioApiGameCode) => known.delete(keyOf(userId, game));

  async function activePair(q: DbOrTx, userId: string, game: StudioApiGameCode, lock: boolean) {
    const where = and(
      eq(studioSeedPairs.userId, userId),
      eq(studioSeedPairs.game, game),
      isNull(studioSeedPairs.revealedAt),
    );
    // Racing rotations retire the pair we waited on and insert the next one: look again (a fresh snapshot
    // each time) until one is found or ours is in.
    for (let attempt = 0; attempt < ACTIVE_PAIR_ATTEMPTS; attempt++) {
      const query = q.select().from(studioSeedPairs).where(where);
      const [row] = lock ? await query.for('update') : await query;
      if (row) return row;
      await q
        .insert(studioSeedPairs)
        .values({ userId, game, ...createSeedPair() })
        .onConflictDoNothing();
    }
    throw new Error(`No active seed pair after ${ACTIVE_PAIR_ATTEMPTS} attempts`);
  }

  async function fairness(session: StudioSession) {
    if (session.game === 'european-roulette') throw badRequest(studioApiMessages.tableSeed);
    // Read afresh (the page shows it), and kept for the rounds that follow.
    const pair = await activePair(db, session.userId, session.game, false);
    known.set(keyOf(session.userId, session.game), pair);
    return publicSeedPair(pair);
  }

  async function rotateSeed(session: StudioSession, clientSeed?: string) {
    if (session.game === 'european-roulette') throw badRequest(studioApiMessages.tableSeed);
    const game = session.game;
    const rotation = await db.transaction(async (tx) => {
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
    forget(session.userId, game);
    return rotation;
  }

  return { activePair, fairness, rotateSeed, knownPair, played, forget };
}
