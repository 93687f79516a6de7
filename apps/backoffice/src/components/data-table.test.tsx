import { createColumnHelper } from '@tanstack/react-table';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../testing/render';
import { DataTable } from './data-table';

interface Row {
  id: string;
  email: string;
}
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('email', { header: 'E-mail', enableSorting: true }),
  column.accessor('id', { header: 'Id', enableSorting: false }),
];
const rows = (page: number) =>
  Array.from({ length: 10 }, (_, i) => ({ id: `${page}-${i}`, email: `p${page}-${i}@example.com` }));

afterEach(() => vi.unstubAllGlobals());

describe('DataTable', () => {
  it('asks the server for each page and sort, and links the CSV export to the same filters', async () => {
    const calls = mockApi(({ url }) => ({
      body: { items: rows(Number(url.searchParams.get('page'))), total: 25 },
    }));
    renderScreen(
      <DataTable<Row>
        label="Players"
        path="/players"
        queryKey="players"
        columns={columns}
        filters={{ q: 'pat' }}
        pageSize={10}
        defaultSort={{ id: 'email', desc: true }}
      />,
    );
    expect(await screen.findByText('p1-0@example.com')).toBeInTheDocument();
    expect(screen.getByText('25 rows')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const first = calls[0]!.url;
    expect(Object.fromEntries(first.searchParams)).toEqual({
      q: 'pat',
      page: '1',
      limit: '10',
      sort: 'email',
      order: 'desc',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('p2-0@example.com')).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: /E-mail/ }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('order')).toBe('asc'));
    // A new sort starts again at the first page.
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('1');

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(csv.getAttribute('href') ?? '', 'http://backoffice.test');
    expect(href.pathname).toBe('/api/staff/players');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      q: 'pat',
      sort: 'email',
      order: 'asc',
      format: 'csv',
    });
  });

  it('says when nothing matches, and offers a retry when the server fails', async () => {
    let fail = true;
    mockApi(() =>
      fail
        ? { status: 500, body: { statusCode: 500, message: 'Internal Server Error' } }
        : { body: { items: [], total: 0 } },
    );
    renderScreen(
      <DataTable<Row>
        label="Players"
        path="/players"
        queryKey="players"
        columns={columns}
        emptyText="No players"
      />,
    );
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No players')).toBeInTheDocument();
  });
});
