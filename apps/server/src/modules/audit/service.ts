import type { AuditEntry, AuditPage, AuditQuery } from '@paws/contracts/staff';
import type { StaffPage } from '@paws/contracts/staff-lists';
import { and, asc, count, desc, eq, gte, like, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { createdBetween } from '../../db/paging.ts';
import { type AuditRow, auditLog } from './schema.ts';

/** Who acted, as the back office's actorOf(request) gives it. */
export type StaffAuditActor = Pick<AuditRecord, 'actorId' | 'actorRoles' | 'ip'>;

/** One staff action, as the acting module tells it. */
export interface AuditRecord {
  /** null for the system. */
  actorId: string | null;
  /** The actor's staff roles when acting. */
  actorRoles: readonly string[];
  /** `<area>.<verb>`, e.g. role.grant. */
  action: string;
  targetType: string;
  targetId?: string | null;
  /** The target's state before and after, as JSON (null when it did not exist). */
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  /** Defaults to now. */
  at?: Date;
}

export interface AuditService {
  /**
   * Appends one row. Pass the transaction of the action itself, so the action and its row commit together
   * or not at all.
   */
  record(entry: AuditRecord, tx?: DbOrTx): Promise<AuditEntry>;
  /** Newest first, with AND-combined filters. */
  list(query: AuditQuery): Promise<AuditPage>;
  /** The back office's list: AND-combined filters, one page, by time either way. */
  search(
    filters: AuditFilters,
    paging: { page: number; limit: number; order: 'asc' | 'desc' },
  ): Promise<StaffPage<AuditEntry>>;
}

export interface AuditFilters {
  actorId?: string;
  /** 'area.verb' matches that action; a name without a dot matches every action of that area. */
  action?: string;
  targetType?: string;
  targetId?: string;
  /** YYYY-MM-DD (a whole day at either edge) or an ISO 8601 date-time. */
  dateFrom?: string;
  dateTo?: string;
}

/** LIKE pattern for actions of an area: its wildcards taken literally. */
const areaPattern = (area: string) => `${area.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorRoles: row.actorRoles,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
    ip: row.ip,
    at: row.at.toISOString(),
  };
}

/** The append-only audit log: the table refuses UPDATE, DELETE and TRUNCATE (migration 0011). */
export function createAuditService(db: DbOrTx): AuditService {
  return {
    async record(entry, tx = db) {
      const [row] = await tx
        .insert(auditLog)
        .values({
          actorId: entry.actorId,
          actorRoles: [...entry.actorRoles],
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId ?? null,
          before: entry.before ?? null,
          after: entry.after ?? null,
          ip: entry.ip ?? null,
          at: entry.at ?? new Date(),
        })
        .returning();
      return toAuditEntry(row!);
    },

    async list(query) {
      const filters: SQL[] = [];
      if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
      if (query.action) filters.push(eq(auditLog.action, query.action));
      if (query.targetType) filters.push(eq(auditLog.targetType, query.targetType));
      if (query.targetId) filters.push(eq(auditLog.targetId, query.targetId));
      if (query.dateFrom) filters.push(gte(auditLog.at, new Date(query.dateFrom)));
      if (query.dateTo) filters.push(lte(auditLog.at, new Date(query.dateTo)));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(auditLog).where(where),
      ]);
      const matching = total?.value ?? 0;
      return {
        entries: rows.map(toAuditEntry),
        count: matching,
        hasMore: query.page * query.limit < matching,
      };
    },

    async search(filters, { page, limit, order }) {
      const action = filters.action;
      const where = and(
        filters.actorId ? eq(auditLog.actorId, filters.actorId) : undefined,
        action
          ? action.includes('.')
            ? eq(auditLog.action, action)
            : or(eq(auditLog.action, action), like(auditLog.action, areaPattern(action)))
          : undefined,
        filters.targetType ? eq(auditLog.targetType, filters.targetType) : undefined,
        filters.targetId ? eq(auditLog.targetId, filters.targetId) : undefined,
        createdBetween(auditLog.at, filters),
      );
      const direction = order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(direction(auditLog.at), direction(auditLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(auditLog).where(where),
      ]);
      return { items: rows.map(toAuditEntry), total: total?.value ?? 0 };
    },
  };
}
