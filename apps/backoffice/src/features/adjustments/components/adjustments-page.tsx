import type { adjustmentStatuses, StaffAdjustment } from '@paws/contracts/staff-money';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { ReviewTable } from '../../../components/review-queue/review-table';
import { Badge, ButtonLink, Card, formatDateTime, formatMoney, PageHeader } from '../../../components/ui';
import { useCan, useMe } from '../../../lib/session';
import { adjustments } from '../api/adjustments';
import { paths } from '../paths';
import { ThresholdNote } from './threshold-note';

const column = createColumnHelper<StaffAdjustment>();

const statusLabels: Record<(typeof adjustmentStatuses)[number] | 'ALL', string> = {
  ALL: 'All',
  PENDING: 'Waiting for approval',
  POSTED: 'Posted',
  REJECTED: 'Rejected',
};
const statusTone = { PENDING: 'info', POSTED: 'good', REJECTED: 'bad' } as const;
const who = (person: { id: string; email: string | null } | null) =>
  person ? (person.email ?? person.id) : '—';

function baseColumns() {
  return [
    column.accessor((a) => a.player.email ?? a.player.username ?? a.player.id, {
      id: 'player',
      header: 'Player',
      enableSorting: false,
    }),
    column.accessor('amount', {
      header: 'Amount',
      enableSorting: true,
      cell: (c) =>
        `${c.getValue() > 0 ? '+' : '−'}${formatMoney(Math.abs(c.getValue()), c.row.original.currency)}`,
    }),
    column.accessor('reasonCode', { header: 'Reason', enableSorting: false }),
    column.accessor('note', { header: 'Note', enableSorting: false }),
    column.accessor((a) => who(a.requestedBy), {
      id: 'requestedBy',
      header: 'Requested by',
      enableSorting: false,
    }),
    column.accessor('requestedAt', {
      header: 'Requested',
      enableSorting: true,
      cell: (c) => formatDateTime(c.getValue()),
    }),
  ];
}

/** Adjustments: those waiting for a second staff member, and the whole list by status. */
export default function AdjustmentsPage() {
  const [status, setStatus] = useState<keyof typeof statusLabels>('ALL');
  const me = useMe();
  const canRequest = useCan('adjustments.request');
  const canApprove = useCan('adjustments.approve');

  const allColumns = [
    ...baseColumns(),
    column.accessor('status', {
      header: 'Status',
      enableSorting: false,
      cell: (c) => {
        const a = c.row.original;
        return (
          <span>
            <Badge tone={statusTone[a.status]}>{statusLabels[a.status]}</Badge>
            <span className="field-hint">
              {a.decidedBy ? ` · ${who(a.decidedBy)}` : ''}
              {a.rejectReason ? ` · ${a.rejectReason}` : ''}
              {a.balanceAfter !== null ? ` · balance after ${formatMoney(a.balanceAfter, a.currency)}` : ''}
            </span>
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader
        title="Adjustments"
        actions={
          canRequest ? (
            <ButtonLink variant="primary" to={paths.new()}>
              Request adjustment
            </ButtonLink>
          ) : null
        }
      >
        <ThresholdNote />
      </PageHeader>
      <Card title="Waiting for approval">
        <ReviewTable
          endpoint={adjustments}
          label="Adjustments waiting for approval"
          columns={baseColumns()}
          filters={{ status: 'PENDING' }}
          defaultSort={{ id: 'requestedAt', desc: false }}
          rowKey={(a) => a.id}
          pageSize={10}
          emptyText="No adjustment is waiting for approval"
          decisions={{
            noun: 'adjustment',
            summary: (a) => <AdjustmentSummary adjustment={a} />,
            approvalNote: 'Approving posts it to the player’s balance through the ledger at once.',
            refusal: { label: 'Reject', hint: 'Why it should not be posted; nothing moves.' },
            actions: (a, buttons) =>
              a.requestedBy.id === me.data?.userId ? (
                <span className="field-hint">Yours: another member must decide</span>
              ) : canApprove ? (
                buttons
              ) : null,
          }}
        />
      </Card>
      <Card title="All adjustments">
        <ReviewTable
          endpoint={adjustments}
          filter={{
            name: 'status',
            label: 'Status',
            value: status,
            choices: statusLabels,
            onChange: setStatus,
          }}
          label="Adjustments"
          columns={allColumns}
          defaultSort={{ id: 'requestedAt', desc: true }}
          rowKey={(a) => a.id}
          emptyText="No adjustments"
        />
      </Card>
    </>
  );
}

/** What the decision dialog shows of an adjustment. */
function AdjustmentSummary({ adjustment }: { adjustment: StaffAdjustment }) {
  return (
    <dl className="facts">
      <dt>Player</dt>
      <dd>{adjustment.player.email ?? adjustment.player.username ?? adjustment.player.id}</dd>
      <dt>Amount</dt>
      <dd>
        {adjustment.amount > 0 ? 'Credit' : 'Debit'} of{' '}
        {formatMoney(Math.abs(adjustment.amount), adjustment.currency)}
      </dd>
      <dt>Reason</dt>
      <dd>
        {adjustment.reasonCode}: {adjustment.note}
      </dd>
      <dt>Requested by</dt>
      <dd>{who(adjustment.requestedBy)}</dd>
    </dl>
  );
}
