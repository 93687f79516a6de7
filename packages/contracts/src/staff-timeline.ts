import { z } from 'zod';

/**
 * The player page's timeline (GET /api/staff/players/:id/timeline): what happened to one player, newest
 * first, from every module that keeps a part of it. Paged by time: `before` is the previous page's
 * `nextBefore`, so a page costs the same however long the player's history is.
 */

export const staffTimelineKinds = [
  'sign-in',
  'deposit',
  'withdrawal',
  'bets',
  'bonus',
  'ticket',
  'ban',
  'note',
  /** Sign-in security: factor removals asked and decided, passkeys added and blocked. */
  'security',
  'staff-action',
] as const;
export type StaffTimelineKind = (typeof staffTimelineKinds)[number];

export const STAFF_TIMELINE_DEFAULT_LIMIT = 30;
export const STAFF_TIMELINE_MAX_LIMIT = 100;

export const staffTimelineMessages = {
  before: 'before must be an ISO 8601 date and time',
  limit: `limit must be a whole number from 1 to ${STAFF_TIMELINE_MAX_LIMIT}`,
  kinds: `kinds must be a comma-separated list of ${staffTimelineKinds.join(', ')}`,
} as const;

export const staffTimelineQuerySchema = z.object({
  before: z.iso.datetime({ offset: true, error: staffTimelineMessages.before }).optional(),
  limit: z.coerce
    .number({ error: staffTimelineMessages.limit })
    .int(staffTimelineMessages.limit)
    .min(1, staffTimelineMessages.limit)
    .max(STAFF_TIMELINE_MAX_LIMIT, staffTimelineMessages.limit)
    .default(STAFF_TIMELINE_DEFAULT_LIMIT),
  /** Only these kinds; absent: all. */
  kinds: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return undefined;
      const kinds = value.split(',').map((k) => k.trim());
      if (kinds.some((k) => !(staffTimelineKinds as readonly string[]).includes(k))) {
        ctx.addIssue({ code: 'custom', message: staffTimelineMessages.kinds });
        return z.NEVER;
      }
      return kinds as StaffTimelineKind[];
    }),
});
export type StaffTimelineQuery = z.output<typeof staffTimelineQuerySchema>;

export const staffTimelineEntrySchema = z.object({
  /** Unique in the timeline: the kind and its row's id. */
  id: z.string(),
  /** ISO 8601, UTC. A day's bets stand at the day's last moment. */
  at: z.string(),
  kind: z.enum(staffTimelineKinds),
  /** One line, e.g. 'Deposit $25.00 · COMPLETED'. */
  title: z.string(),
  /** What else a support agent needs at a glance (the device, the reason, the note), or null. */
  detail: z.string().nullable(),
  /** Where the back office shows it whole, or null. */
  link: z.string().nullable(),
});
export type StaffTimelineEntry = z.infer<typeof staffTimelineEntrySchema>;

export const staffTimelinePageSchema = z.object({
  items: z.array(staffTimelineEntrySchema),
  /** The `before` of the next (older) page; null when there is none. */
  nextBefore: z.string().nullable(),
});
export type StaffTimelinePage = z.infer<typeof staffTimelinePageSchema>;

/** What each module's part of the timeline is asked: this player's entries before `before`, newest first. */
export interface StaffTimelineWindow {
  userId: string;
  before: Date;
  limit: number;
}
