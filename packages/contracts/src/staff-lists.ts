import { z } from 'zod';

/**
 * Every back-office list pages, sorts and filters on the server, and exports the same rows as CSV:
 * `?page=1&limit=20&sort=createdAt&order=desc&…filters` answers `{ items, total }`; `&format=csv` answers
 * the matching rows (all pages, up to STAFF_CSV_MAX_ROWS) as text/csv.
 */
export const STAFF_LIST_DEFAULT_LIMIT = 20;
export const STAFF_LIST_MAX_LIMIT = 100;
export const STAFF_CSV_MAX_ROWS = 10_000;

export const staffListMessages = {
  page: 'page must be a whole number of at least 1',
  limit: `limit must be a whole number from 1 to ${STAFF_LIST_MAX_LIMIT}`,
  order: 'order must be asc or desc',
  format: 'format must be json or csv',
  date: 'must be a date (YYYY-MM-DD) or an ISO 8601 date and time',
} as const;

/** The paging, sorting and format part of a list's query; `sortable` names the columns it may sort by. */
export function staffListQuery<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultSort: S[number],
) {
  return z.object({
    page: z.coerce
      .number({ error: staffListMessages.page })
      .int(staffListMessages.page)
      .min(1, staffListMessages.page)
      .default(1),
    limit: z.coerce
      .number({ error: staffListMessages.limit })
      .int(staffListMessages.limit)
      .min(1, staffListMessages.limit)
      .max(STAFF_LIST_MAX_LIMIT, staffListMessages.limit)
      .default(STAFF_LIST_DEFAULT_LIMIT),
    sort: z.enum(sortable, { error: `sort must be one of ${sortable.join(', ')}` }).default(defaultSort),
    order: z.enum(['asc', 'desc'], { error: staffListMessages.order }).default('desc'),
    format: z.enum(['json', 'csv'], { error: staffListMessages.format }).default('json'),
  });
}

/** A date filter: YYYY-MM-DD or a full ISO 8601 date-time. */
export const staffDateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: staffListMessages.date,
});

export function staffPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
export interface StaffPage<T> {
  items: T[];
  total: number;
}
