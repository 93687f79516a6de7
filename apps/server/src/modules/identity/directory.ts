import { eq, gte, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from './schema.ts';

/**
 * Who's who for the back office's broadcasts and audit log: e-mails of account ids and the reverse, and the
 * account facts a broadcast segment is made of. Ids only: the audience's "active player" condition (not
 * banned, not staff) stays with activePlayerIds, which callers intersect these with.
 */
export function createAccountDirectory(db: DbOrTx) {
  return {
    /** The e-mail of each known id (null for a phone-only account). */
    async emailsOf(ids: readonly string[]): Promise<Map<string, string | null>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    /** The account with this e-mail (stored lower-cased), if any. */
    async idByEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()));
      return row?.id;
    },

    /** Accounts whose identity verification was approved. */
    async verifiedIds(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.verificationType, 'APPROVED'));
      return rows.map((row) => row.id);
    },

    /** Accounts that signed in or renewed a session (token refresh) since `since`. */
    async seenSinceIds(since: Date): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: sessions.userId })
        .from(sessions)
        .where(or(gte(sessions.createdAt, since), gte(sessions.lastUsedAt, since)));
      return rows.map((row) => row.id);
    },
  };
}
export type AccountDirectory = ReturnType<typeof createAccountDirectory>;
