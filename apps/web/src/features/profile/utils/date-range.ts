import type { DateRange } from '@/components/ui/date-range-picker';
import type { HistoryRangeParams } from '../api/history-range';

export const emptyRange: DateRange = { startDate: null, endDate: null };

/**
 * The picked days as ISO 8601 instants covering whole local days: the start at 00:00, the end at
 * 23:59:59.999. Unset ends stay undefined and are left out of the query (spec 001 §5).
 */
export function toRangeParams({ startDate, endDate }: DateRange): HistoryRangeParams {
  const end = endDate ?? startDate;
  return {
    dateFrom: startDate
      ? new Date(startDate.getFullYear(), startDate.getMonth(), startDate.getDate()).toISOString()
      : undefined,
    dateTo: end
      ? new Date(end.getFullYear(), end.getMonth(), end.getDate(), 23, 59, 59, 999).toISOString()
      : undefined,
  };
}
