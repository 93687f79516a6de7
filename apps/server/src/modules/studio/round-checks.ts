import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studioRounds } from './schema.ts';

/** What the studio knows of a round the wallet took a bet for. */
export interface RoundState {
  finished: boolean;
  /** Cents won (0 for a lost round). */
  payout: number;
  /** When the win was credited; null while unpaid. */
  paidAt: Date | null;
  updatedAt: Date;
}

/** The studio's rounds among `roundIds` (wallet round ids; ids that are not the studio's are skipped). */
export async function roundStates(db: Db, roundIds: readonly string[]): Promise<Map<string, RoundState>> {
  const uuids = roundIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({
      id: studioRounds.id,
      finished: studioRounds.finished,
      payout: studioRounds.payout,
      paidAt: studioRounds.paidAt,
      updatedAt: studioRounds.updatedAt,
    })
    .from(studioRounds)
    .where(inArray(studioRounds.id, uuids));
  return new Map(rows.map(({ id, ...state }) => [id, state]));
}
