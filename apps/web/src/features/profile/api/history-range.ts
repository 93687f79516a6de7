/** History filters: ISO 8601 bounds, left out of the query when not set (spec 001 §5). */
export interface HistoryRangeParams {
  dateFrom?: string;
  dateTo?: string;
}

/** Spec 001 §9: history pages hold 10 rows. */
export const HISTORY_PAGE_SIZE = 10;
