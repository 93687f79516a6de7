import type { PlayerListItem } from '@paws/contracts/staff-players';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { Badge, Field, formatDateTime, Input, PageHeader } from '../../../components/ui';
import { playerKeys } from '../api/keys';

const column = createColumnHelper<PlayerListItem>();
const columns = [
  column.accessor('email', {
    header: 'E-mail',
    enableSorting: true,
    cell: (c) => c.getValue() ?? c.row.original.phone ?? c.row.original.id,
  }),
  column.accessor('phone', { header: 'Phone', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
  column.accessor('username', { header: 'Username', enableSorting: true, cell: (c) => c.getValue() ?? '—' }),
  column.accessor('verificationType', { header: 'Verification', enableSorting: false }),
  column.accessor('banned', {
    header: 'Status',
    enableSorting: false,
    cell: (c) => (c.getValue() ? <Badge tone="bad">banned</Badge> : <Badge tone="good">active</Badge>),
  }),
  column.accessor('createdAt', {
    header: 'Joined',
    enableSorting: true,
    cell: (c) => formatDateTime(c.getValue()),
  }),
];

/** The value after the user stopped typing for `ms`. */
function useDebounced<T>(value: T, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Players: search by id, e-mail, phone or username; each row opens the player page. */
export default function PlayersPage() {
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim());
  return (
    <>
      <PageHeader title="Players" />
      <div className="filters">
        <Field label="Search players" hint="An id, or part of an e-mail, phone number or username.">
          {(props) => (
            <Input
              {...props}
              type="search"
              value={q}
              maxLength={100}
              onChange={(e) => setQ(e.target.value)}
            />
          )}
        </Field>
      </div>
      <DataTable
        label="Players"
        path="/players"
        queryKey={playerKeys.list}
        columns={columns}
        filters={{ q: query }}
        defaultSort={{ id: 'createdAt', desc: true }}
        rowHref={(row) => `/players/${row.id}`}
        rowKey={(row) => row.id}
        emptyText="No player matches"
      />
    </>
  );
}
