import {
  type BroadcastStatus,
  broadcastSegmentLabels,
  broadcastSegments,
  broadcastStatuses,
  type StaffBroadcast,
} from '@paws/contracts/staff-promotions';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { Badge, Card, Field, formatDateTime, PageHeader, Select } from '../../../components/ui';
import { broadcastsKey, broadcastsPath } from '../api/get-broadcasts';
import { ComposeForm } from './compose-form';

const statusTones: Record<BroadcastStatus, 'neutral' | 'info' | 'good' | 'bad'> = {
  QUEUED: 'neutral',
  SENDING: 'info',
  SENT: 'good',
  FAILED: 'bad',
};
const segmentOf = (row: StaffBroadcast) =>
  row.segment === 'ACTIVE'
    ? `Players active in the last ${row.activeDays} days`
    : broadcastSegmentLabels[row.segment];

const column = createColumnHelper<StaffBroadcast>();
const columns = [
  column.accessor('createdAt', {
    header: 'When',
    enableSorting: true,
    cell: (c) => formatDateTime(c.getValue()),
  }),
  column.accessor('createdByEmail', {
    header: 'Who',
    enableSorting: false,
    cell: (c) => c.getValue() ?? c.row.original.createdBy ?? 'system',
  }),
  column.accessor('segment', {
    header: 'Segment',
    enableSorting: false,
    cell: (c) => segmentOf(c.row.original),
  }),
  column.accessor('title', {
    header: 'Title',
    enableSorting: false,
    cell: (c) => c.getValue() ?? <span title={c.row.original.message}>(no title)</span>,
  }),
  column.accessor('recipients', {
    header: 'Recipients',
    enableSorting: true,
    cell: (c) => c.getValue().toLocaleString('en-GB'),
  }),
  column.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (c) => <Badge tone={statusTones[c.getValue()]}>{c.getValue()}</Badge>,
  }),
  column.accessor('sentAt', {
    header: 'Sent at',
    enableSorting: true,
    cell: (c) => formatDateTime(c.getValue()),
  }),
];

/** ADVERTISING notifications to every player or a segment: compose, preview, send, and the history. */
export default function BroadcastsPage() {
  const [segment, setSegment] = useState('');
  const [status, setStatus] = useState('');
  return (
    <>
      <PageHeader title="Broadcasts">
        <p className="field-hint">
          An advertising notification to players (banned and staff accounts are left out). Every send is
          audited.
        </p>
      </PageHeader>
      <ComposeForm />
      <Card title="History">
        <div className="filters">
          <Field label="Segment filter">
            {(props) => (
              <Select {...props} value={segment} onChange={(e) => setSegment(e.target.value)}>
                <option value="">Any</option>
                {broadcastSegments.map((s) => (
                  <option key={s} value={s}>
                    {broadcastSegmentLabels[s]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Status">
            {(props) => (
              <Select {...props} value={status} onChange={(e) => setStatus(e.target.value)}>
                <option value="">Any</option>
                {broadcastStatuses.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <DataTable
          label="Broadcast history"
          path={broadcastsPath}
          queryKey={broadcastsKey}
          columns={columns}
          filters={{ segment, status }}
          defaultSort={{ id: 'createdAt', desc: true }}
          rowKey={(row) => row.id}
          emptyText="No broadcasts yet"
        />
      </Card>
    </>
  );
}
