import type { PlayerNote } from '@paws/contracts/staff-players';
import { staffPlayerAuditActions } from '@paws/contracts/staff-players';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/index.ts';
import type { AccountDirectory } from './directory.ts';
import { type StaffPlayerNoteRow, staffPlayerNotes } from './schema.ts';

export interface NoteActor {
  actorId: string;
  actorRoles: readonly string[];
  ip?: string | null;
}

/**
 * Staff notes on a player (the back office's player page): listed newest first by default, added with their
 * audit row in one transaction.
 */
export function createPlayerNotes({
  db,
  audit,
  directory,
}: {
  db: Db;
  audit: AuditService;
  directory: AccountDirectory;
}) {
  async function present(rows: StaffPlayerNoteRow[]): Promise<PlayerNote[]> {
    const emails = await directory.emailsOf(rows.map((row) => row.authorId));
    return rows.map((row) => ({
      id: row.id,
      body: row.body,
      authorId: row.authorId,
      authorEmail: emails.get(row.authorId) ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  return {
    async list(userId: string, query: { page: number; limit: number; order: 'asc' | 'desc' }) {
      const where = eq(staffPlayerNotes.userId, userId);
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(staffPlayerNotes)
          .where(where)
          .orderBy(direction(staffPlayerNotes.createdAt), direction(staffPlayerNotes.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ count: count() }).from(staffPlayerNotes).where(where),
      ]);
      return { items: await present(rows), total: total?.count ?? 0 };
    },

    async add(actor: NoteActor, userId: string, body: string): Promise<PlayerNote> {
      const row = await db.transaction(async (tx) => {
        const [note] = await tx
          .insert(staffPlayerNotes)
          .values({ userId, authorId: actor.actorId, body })
          .returning();
        await audit.record(
          {
            ...actor,
            action: staffPlayerAuditActions.note,
            targetType: 'user',
            targetId: userId,
            before: null,
            after: { noteId: note!.id, body },
          },
          tx,
        );
        return note!;
      });
      const [shown] = await present([row]);
      return shown!;
    },
  };
}

export type PlayerNotes = ReturnType<typeof createPlayerNotes>;
