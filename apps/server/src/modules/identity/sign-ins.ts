import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';
import type { IdentityRepository } from './repository.ts';
import { type SignInRow, signIns } from './schema.ts';
import type { ClientInfo } from './sessions.ts';

export type SignInFailure =
  | 'wrong_password'
  | 'banned'
  | 'unconfirmed'
  /** A passkey answer whose signature, site or user handle did not check out. */
  | 'passkey_invalid'
  /** A passkey answer without the user verified (no biometric or PIN). */
  | 'passkey_unverified'
  /** A passkey whose counter did not go up: blocked as a possible copy by this answer. */
  | 'passkey_copied'
  /** A passkey blocked before. */
  | 'passkey_blocked'
  /** A passkey sign-in of an account on a time-out or self-excluded. */
  | 'passkey_restricted';

export interface SignInListQuery {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  success?: boolean;
}

/** The sign-in log: written at each finished sign-in and each refused log-in of a known account. */
export function createSignInLog({ repo, now }: { repo: IdentityRepository; now: () => Date }) {
  return {
    /** `newDevice` defaults to whether the browser ever signed in to the account before. */
    async record(
      userId: string,
      client: ClientInfo,
      outcome: { success: true; newDevice?: boolean } | { success: false; failure: SignInFailure },
      tx: DbOrTx = repo.db,
    ): Promise<SignInRow> {
      const newDevice =
        ('newDevice' in outcome ? outcome.newDevice : undefined) ??
        !(await repo.hasSignedInWith(userId, client.userAgent, tx));
      const [row] = await tx
        .insert(signIns)
        .values({
          // Time-ordered ids: rows of one moment list in the order they happened.
          id: uuidv7(),
          userId,
          at: now(),
          ip: client.ip ?? null,
          userAgent: client.userAgent?.slice(0, 512) ?? null,
          newDevice,
          success: outcome.success,
          failure: outcome.success ? null : outcome.failure,
        })
        .returning();
      return row!;
    },

    async list(userId: string, query: SignInListQuery): Promise<{ items: SignInRow[]; total: number }> {
      const where = and(
        eq(signIns.userId, userId),
        query.success === undefined ? undefined : eq(signIns.success, query.success),
      );
      const direction = query.order === 'asc' ? asc : desc;
      const [items, [total]] = await Promise.all([
        repo.db
          .select()
          .from(signIns)
          .where(where)
          .orderBy(direction(signIns.at), direction(signIns.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        repo.db.select({ count: count() }).from(signIns).where(where),
      ]);
      return { items, total: total?.count ?? 0 };
    },
  };
}
export type SignInLog = ReturnType<typeof createSignInLog>;
