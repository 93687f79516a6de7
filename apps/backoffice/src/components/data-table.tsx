import { Group, Paper, Table, Text, UnstyledButton } from '@mantine/core';
import type { StaffPage } from '@paws/contracts/staff-lists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type PaginationState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api, apiUrl, errorOf, type Query } from '../lib/api';
import { Button, ButtonLink, ErrorView, Select } from './ui';

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  /** The list's path under the staff API, e.g. '/players'. It answers `{ items, total }` and `format=csv`. */
  path: string;
  /** The query key's first part; the table adds its path, filters, page and sort. */
  queryKey: string;
  /**
   * Column ids are the server's sort fields; a column sorts only when `enableSorting` is true on it
   * (the server must accept its id as `sort`).
   */
  // biome-ignore lint/suspicious/noExplicitAny: TanStack Table's column values are typed per column.
  columns: ColumnDef<T, any>[];
  /** Filters sent with every page (owned by the screen; a change goes back to page 1). */
  filters?: Query;
  defaultSort?: { id: string; desc: boolean };
  pageSize?: number;
  /** Where a row leads (the whole row's first cell becomes a link). */
  rowHref?: (row: T) => string;
  rowKey?: (row: T) => string;
  emptyText?: string;
  /** Shown beside the CSV button. */
  toolbar?: ReactNode;
}

/**
 * A server-side table: paging, sorting and filtering happen in the API, which also exports the same rows as
 * CSV. TanStack Table keeps the state; this draws it.
 */
export function DataTable<T>({
  label,
  path,
  queryKey,
  columns,
  filters = {},
  defaultSort,
  pageSize = 20,
  rowHref,
  rowKey,
  emptyText = 'Nothing to show',
  toolbar,
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(defaultSort ? [defaultSort] : []);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize });
  const filterKey = JSON.stringify(filters);
  // A new filter starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filters' contents.
  useEffect(() => setPagination((p) => ({ ...p, pageIndex: 0 })), [filterKey]);

  const sort = sorting[0];
  const query: Query = {
    ...filters,
    page: pagination.pageIndex + 1,
    limit: pagination.pageSize,
    ...(sort ? { sort: sort.id, order: sort.desc ? 'desc' : 'asc' } : {}),
  };
  const result = useQuery({
    queryKey: [queryKey, path, query],
    queryFn: () => api.get<StaffPage<T>>(path, query),
    placeholderData: keepPreviousData,
  });
  const total = result.data?.total ?? 0;
  const table = useReactTable({
    data: result.data?.items ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    rowCount: total,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      setSorting(updater);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    onPaginationChange: setPagination,
    getRowId: rowKey ? (row) => rowKey(row) : undefined,
  });

  const csvQuery: Query = {
    ...filters,
    ...(sort ? { sort: sort.id, order: sort.desc ? 'desc' : 'asc' } : {}),
    format: 'csv',
  };
  const pages = Math.max(1, Math.ceil(total / pagination.pageSize));

  return (
    <Paper className="data-table">
      <Group className="table-toolbar" justify="space-between" gap="xs" px="sm" py="xs">
        <Text component="span" size="sm" className="muted" aria-live="polite">
          {result.isFetching && !result.data
            ? 'Loading…'
            : `${total.toLocaleString('en-GB')} ${total === 1 ? 'row' : 'rows'}`}
        </Text>
        <Group gap="xs">
          {toolbar}
          <ButtonLink href={apiUrl(path, csvQuery)} download>
            Export CSV
          </ButtonLink>
        </Group>
      </Group>
      {result.isError ? (
        <ErrorView message={errorOf(result.error).message} onRetry={() => result.refetch()} />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
        <section className="table-scroll" aria-label={`${label} (scrollable)`} tabIndex={0}>
          <Table
            aria-label={label}
            aria-busy={result.isFetching || undefined}
            highlightOnHover
            verticalSpacing="xs"
            horizontalSpacing="sm"
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    return (
                      <Table.Th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
                      >
                        {canSort ? (
                          <UnstyledButton
                            className="sort-button"
                            onClick={header.column.getToggleSortingHandler()}
                          >
                            {flexRender(header.column.columnDef.header, header.getContext())}
                            <span aria-hidden="true">
                              {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}
                            </span>
                          </UnstyledButton>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {table.getRowModel().rows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.getVisibleCells().map((cell, index) => (
                    <Table.Td key={cell.id}>
                      {index === 0 && rowHref ? (
                        <Link to={rowHref(row.original)}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </Link>
                      ) : (
                        flexRender(cell.column.columnDef.cell, cell.getContext())
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {result.data && result.data.items.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length} className="empty">
                    {emptyText}
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </section>
      )}
      <Group component="nav" className="pager" aria-label={`${label} pages`} gap="sm" px="sm" py="xs">
        <Button
          variant="secondary"
          onClick={() => table.previousPage()}
          disabled={!table.getCanPreviousPage()}
        >
          Previous
        </Button>
        <span>
          Page {pagination.pageIndex + 1} of {pages}
        </span>
        <Button
          variant="secondary"
          onClick={() => table.nextPage()}
          disabled={pagination.pageIndex + 1 >= pages}
        >
          Next
        </Button>
        <label className="page-size" htmlFor={`${path}-page-size`}>
          Rows
          <Select
            id={`${path}-page-size`}
            value={pagination.pageSize}
            onChange={(event) => setPagination({ pageIndex: 0, pageSize: Number(event.target.value) })}
          >
            {[10, 20, 50, 100].map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Select>
        </label>
      </Group>
    </Paper>
  );
}
