import { parseHistoryDate } from '@paws/contracts/history';
import { and, gte, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The paged lists' query: page from 1, limit rows a page, and the created-at range (both edges included). */
export interface PagedQuery {
  page?: number;
  limit?: number;
  /** A Date, or a list query's ISO date or date-time (read by parseHistoryDate; validated at the edge). */
  dateFrom?: Date | string;
  dateTo?: Date | string;
}

export interface Paged<T> {
  items: T[];
  /** Rows the filter matches, on every page. */
  count: number;
  hasMore: boolean;
}

const DEFAULT_LIMIT = 10;
// The routes' schemas allow less; this bounds what a direct caller of a service can ask for.
const MAX_LIMIT = 100;

export function pageOf({ page, limit }: Pick<PagedQuery, 'page' | 'limit'>) {
  const rows = Math.min(Math.max(limit ?? DEFAULT_LIMIT, 1), MAX_LIMIT);
  return { limit: rows, offset: (Math.max(page ?? 1, 1) - 1) * rows };
}

const edge = (value: Date | string | undefined, side: 'from' | 'to') =>
  typeof value === 'string' ? parseHistoryDate(value, side) : value;

/** The query's date range on a created-at column; undefined (no condition) when it names none. */
export function createdBetween(column: PgColumn, { dateFrom, dateTo }: PagedQuery): SQL | undefined {
  const from = edge(dateFrom, 'from');
  const to = edge(dateTo, 'to');
  return and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);
}

/** A page of rows with the count of all matching rows, from the offset `pageOf` gave. */
export function paged<T>(
  { rows, count }: { rows: T[]; count: number | undefined },
  offset: number,
): Paged<T> {
  const total = count ?? 0;
  return { items: rows, count: total, hasMore: offset + rows.length < total };
}
