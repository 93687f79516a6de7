import { z } from 'zod';

/**
 * Saved filters (issue 30 point 18): a staff member names the filters of a queue to come back to them in one
 * click. Each member's own, kept by the server so they follow the member to any browser.
 */
/** The lists with several filters to combine: the ticket queue and the audit log. */
export const savedFilterQueues = ['tickets', 'audit'] as const;
export type SavedFilterQueue = (typeof savedFilterQueues)[number];

export const SAVED_FILTERS_PER_QUEUE = 20;
export const SAVED_FILTER_NAME_MAX = 40;
/** A queue's filters: a few named values, as its list's query sends them. */
const FILTER_KEYS_MAX = 12;
const FILTER_VALUE_MAX = 200;

export const savedFilterMessages = {
  queue: `queue must be one of ${savedFilterQueues.join(', ')}`,
  name: `Give the filters a name of 1 to ${SAVED_FILTER_NAME_MAX} characters`,
  filters: `filters must be at most ${FILTER_KEYS_MAX} names (letters) with text values of at most ${FILTER_VALUE_MAX} characters`,
  tooMany: `You can keep up to ${SAVED_FILTERS_PER_QUEUE} saved filters per list: remove one first`,
  notFound: 'No such saved filter',
} as const;

const filtersSchema = z
  .record(
    z.string().regex(/^[a-zA-Z]{1,30}$/, { error: savedFilterMessages.filters }),
    z
      .string({ error: savedFilterMessages.filters })
      .max(FILTER_VALUE_MAX, { error: savedFilterMessages.filters }),
    { error: savedFilterMessages.filters },
  )
  .refine((filters) => Object.keys(filters).length <= FILTER_KEYS_MAX, {
    error: savedFilterMessages.filters,
  });

export const savedFilterSchema = z.object({
  id: z.string(),
  queue: z.enum(savedFilterQueues),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilterSchema>;

/** GET /api/staff/saved-filters?queue= */
export const savedFiltersQuerySchema = z.object({
  queue: z.enum(savedFilterQueues, { error: savedFilterMessages.queue }),
});
export const savedFiltersListSchema = z.array(savedFilterSchema);

/** PUT /api/staff/saved-filters: saves under a name; the same name again replaces its filters. */
export const saveFilterBodySchema = z.object({
  queue: z.enum(savedFilterQueues, { error: savedFilterMessages.queue }),
  name: z
    .string({ error: savedFilterMessages.name })
    .trim()
    .min(1, { error: savedFilterMessages.name })
    .max(SAVED_FILTER_NAME_MAX, { error: savedFilterMessages.name }),
  filters: filtersSchema,
});
export type SaveFilterBody = z.infer<typeof saveFilterBodySchema>;

export const savedFilterParamsSchema = z.object({ id: z.uuid({ error: savedFilterMessages.notFound }) });
