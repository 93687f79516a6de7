import type { RealityCheckInterval } from '@paws/contracts/responsible-gaming';
import type { Db } from '../../db/client.ts';
import { rgPlaySettings } from './schema.ts';

/** The reality check's interval (minutes, null: off): any change applies at once, it only informs the player. */
export function createRealityChecks({ db, now }: { db: Db; now: () => Date }) {
  async function setRealityCheck(userId: string, intervalMinutes: RealityCheckInterval | null) {
    const values = { realityCheckMinutes: intervalMinutes, updatedAt: now() };
    await db
      .insert(rgPlaySettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: rgPlaySettings.userId, set: values });
  }
  return { setRealityCheck };
}
