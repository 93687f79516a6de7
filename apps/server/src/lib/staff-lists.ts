import { STAFF_CSV_MAX_ROWS, STAFF_LIST_MAX_LIMIT, type StaffPage } from '@paws/contracts/staff-lists';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

export interface ListQuery {
  page: number;
  limit: number;
  format: 'json' | 'csv';
}

/** A CSV column: its header and how to read it from a row. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

/**
 * Answers a back-office list: the asked page as `{ items, total }`, or with `format=csv` every matching row
 * (page after page, up to STAFF_CSV_MAX_ROWS) as a CSV download named `<name>.csv`.
 */
export async function sendList<T>(
  reply: FastifyReply,
  query: ListQuery,
  fetchPage: (page: number, limit: number) => Promise<StaffPage<T>>,
  csv: { name: string; columns: CsvColumn<T>[] },
) {
  if (query.format !== 'csv') return fetchPage(query.page, query.limit);
  const rows: T[] = [];
  for (let page = 1; rows.length < STAFF_CSV_MAX_ROWS; page++) {
    const { items, total } = await fetchPage(page, STAFF_LIST_MAX_LIMIT);
    rows.push(...items);
    if (items.length < STAFF_LIST_MAX_LIMIT || rows.length >= total) break;
  }
  const text = stringify(
    rows.slice(0, STAFF_CSV_MAX_ROWS).map((row) => csv.columns.map((column) => column.value(row) ?? '')),
    { header: true, columns: csv.columns.map((column) => column.header) },
  );
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.name}.csv"`)
    .send(text);
}
