import { type GameType, gameTypes, type Preferences } from '@paws/contracts/preferences';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userPreferences } from './schema.ts';

/** Stored and answered in the contract's order, so equal choices read the same. */
const inOrder = (chosen: readonly string[]): GameType[] => gameTypes.filter((type) => chosen.includes(type));

export function createPreferencesService(db: Db) {
  return {
    async get(userId: string): Promise<Preferences> {
      const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
      return { gameTypes: inOrder(row?.gameTypes ?? []) };
    },

    /** Replaces the player's choice (one upsert, so concurrent saves cannot collide on the key). */
    async set(userId: string, preferences: Preferences): Promise<Preferences> {
      const chosen = inOrder(preferences.gameTypes);
      await db
        .insert(userPreferences)
        .values({ userId, gameTypes: chosen })
        .onConflictDoUpdate({
          target: userPreferences.userId,
          set: { gameTypes: chosen, updatedAt: new Date() },
        });
      return { gameTypes: chosen };
    },
  };
}
export type PreferencesService = ReturnType<typeof createPreferencesService>;
