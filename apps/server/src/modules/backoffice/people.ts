import type { StaffPlayerRef } from '@paws/contracts/staff-money';
import { AppError } from '../../lib/errors.ts';
import type { IdentityService } from '../identity/index.ts';

export type People = Awaited<ReturnType<typeof peopleOf>>;

/**
 * Who the money screens' rows name (players and staff), by id, through identity's public read: one read per
 * distinct id of a page (at most 100). An account that no longer exists shows with its id only.
 */
export async function peopleOf(
  identity: Pick<IdentityService, 'userData'>,
  ids: Iterable<string | null | undefined>,
) {
  const distinct = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  const found = await Promise.all(
    distinct.map(async (id): Promise<StaffPlayerRef> => {
      try {
        const user = await identity.userData(id);
        return { id, email: user.email, username: user.username };
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) return { id, email: null, username: null };
        throw err;
      }
    }),
  );
  const byId = new Map(found.map((person) => [person.id, person]));
  return {
    player: (id: string): StaffPlayerRef => byId.get(id) ?? { id, email: null, username: null },
    actor: (id: string | null) => (id ? { id, email: byId.get(id)?.email ?? null } : null),
  };
}

/** Seconds a row has waited: until now while it waits, until its decision once decided. */
export function waitingSeconds(since: Date, decidedAt: Date | null, waiting: boolean, now = Date.now()) {
  const until = waiting ? now : (decidedAt?.getTime() ?? now);
  return Math.max(0, Math.floor((until - since.getTime()) / 1000));
}
