import { studioRoundSchema } from '@paws/contracts/studio-api';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { present } from './rounds.ts';
import { studioRounds, studioSeedPairs } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a round's fairness can be checked, and whether its server seed is out yet. */
export interface StudioRoundLink {
  verifyUrl: string;
  /** Before the player rotates the seed pair, the page can show the hash and the client seed only. */
  seedRevealed: boolean;
  /** False while the round waits for its result (a roulette bet before the spin, a blackjack hand in play). */
  finished: boolean;
}

/**
 * The back office's player page and the player's own bet history: links from the player's studio rounds to the studio's verify page
 * (docs/verify.md), filled in as the player's own round history fills it: seeds and nonce in the query,
 * the recorded round in the fragment. An unrevealed server seed stays secret, from staff too.
 */
export function createStudioPlayerReads(db: DbOrTx) {
  return {
    /** `verifyPage`: the verify page's address on the platform origin, e.g. http://…:3001/studio/verify.html. */
    async roundLinks(
      userId: string,
      roundIds: readonly string[],
      verifyPage: string,
    ): Promise<Map<string, StudioRoundLink>> {
      const ids = [...new Set(roundIds.filter((id) => UUID.test(id)))];
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ round: studioRounds, pair: studioSeedPairs })
        .from(studioRounds)
        .innerJoin(studioSeedPairs, eq(studioSeedPairs.id, studioRounds.seedPairId))
        .where(and(eq(studioRounds.userId, userId), inArray(studioRounds.id, ids)));
      return new Map(
        rows.map(({ round, pair }) => {
          const shown = present(round, pair);
          const params = new URLSearchParams({
            game: shown.game,
            clientSeed: shown.clientSeed,
            nonce: String(shown.nonce),
            serverSeedHash: shown.serverSeedHash,
          });
          if (shown.serverSeed) params.set('serverSeed', shown.serverSeed);
          const recorded = new URLSearchParams({ round: JSON.stringify(z.encode(studioRoundSchema, shown)) });
          return [
            round.id,
            {
              verifyUrl: `${verifyPage}?${params}#${recorded}`,
              seedRevealed: !!shown.serverSeed,
              finished: shown.finished,
            },
          ];
        }),
      );
    },
  };
}
export type StudioPlayerReads = ReturnType<typeof createStudioPlayerReads>;
