import { z } from 'zod';
import { auditEntrySchema } from './staff.ts';
import { staffDateSchema, staffListQuery, staffPageSchema } from './staff-lists.ts';

/**
 * The back office's audit log screen: GET /api/staff/audit (permission audit.read) pages, filters and
 * exports the append-only log, newest first by default.
 */
export const auditListMessages = {
  who: "who must be a staff member's id (UUID) or e-mail address",
  action: 'action must be 1 to 100 characters',
  targetType: 'targetType must be 1 to 100 characters',
  targetId: 'targetId must be 1 to 200 characters',
} as const;

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message }).optional();

export const auditListQuerySchema = staffListQuery(['at'], 'at').extend({
  /** The actor: an account id, or an e-mail address (matched whole, case-insensitive). */
  who: z
    .string({ error: auditListMessages.who })
    .trim()
    .refine((v) => z.uuid().safeParse(v).success || z.email().safeParse(v).success, {
      error: auditListMessages.who,
    })
    .optional(),
  /** 'bonus_rule.update' matches that action; 'bonus_rule' (no dot) every action of the area. */
  action: text(100, auditListMessages.action),
  targetType: text(100, auditListMessages.targetType),
  targetId: text(200, auditListMessages.targetId),
  /** YYYY-MM-DD (from the day's start, to its end) or an ISO 8601 date-time. */
  dateFrom: staffDateSchema.optional(),
  dateTo: staffDateSchema.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const staffAuditEntrySchema = auditEntrySchema.extend({
  /** The actor's e-mail now (null for the system, a phone-only or a deleted account). */
  actorEmail: z.string().nullable(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;
export const staffAuditPageSchema = staffPageSchema(staffAuditEntrySchema);
