import type { adjustmentStatuses, StaffAdjustment } from '@paws/contracts/staff-money';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { Decision } from '../../../components/decision';
import {
  Badge,
  Button,
  Card,
  ChoiceField,
  formatDateTime,
  formatMoney,
  Modal,
  PageHeader,
} from '../../../components/ui';
import { useCan, useMe } from '../../../lib/session';
import { useApproveAdjustment } from '../api/approve-adjustment';
import { adjustmentsKey, adjustmentsPath } from '../api/get-adjustments';
import { useRejectAdjustment } from '../api/reject-adjustment';
import { paths } from '../routes';
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
  const [deciding, setDeciding] = useState<{
    adjustment: StaffAdjustment;
    decision: 'approve' | 'reject';
  } | null>(null);
  const me = useMe();
  const canRequest = useCan('adjustments.request');
  const canApprove = useCan('adjustments.approve');

  const pendingColumns = [
    ...baseColumns(),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: (c) =>
        c.row.original.requestedBy.id === me.data?.userId ? (
          <span className="field-hint">Yours: another member must decide</span>
        ) : canApprove ? (
          <div className="row">
            <Button onClick={() => setDeciding({ adjustment: c.row.original, decision: 'approve' })}>
              Approve
            </Button>
            <Button
              variant="danger"
              onClick={() => setDeciding({ adjustment: c.row.original, decision: 'reject' })}
            >
              Reject
            </Button>
          </div>
        ) : null,
    }),
  ];
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
            <Link className="btn btn-primary" to={paths.new()}>
              Request adjustment
            </Link>
          ) : null
        }
      >
        <ThresholdNote />
      </PageHeader>
      <Card title="Waiting for approval">
        <DataTable
          label="Adjustments waiting for approval"
          path={adjustmentsPath}
          queryKey={adjustmentsKey}
          columns={pendingColumns}
          filters={{ status: 'PENDING' }}
          defaultSort={{ id: 'requestedAt', desc: false }}
          rowKey={(a) => a.id}
          pageSize={10}
          emptyText="No adjustment is waiting for approval"
        />
      </Card>
      <Card title="All adjustments">
        <div className="filters">
          <ChoiceField label="Status" value={status} choices={statusLabels} onChange={setStatus} />
        </div>
        <DataTable
          label="Adjustments"
          path={adjustmentsPath}
          queryKey={adjustmentsKey}
          columns={allColumns}
          filters={{ status }}
          defaultSort={{ id: 'requestedAt', desc: true }}
          rowKey={(a) => a.id}
          emptyText="No adjustments"
        />
      </Card>
      <Modal
        title={deciding?.decision === 'reject' ? 'Reject adjustment' : 'Approve adjustment'}
        open={deciding !== null}
        onClose={() => setDeciding(null)}
      >
        {deciding ? (
          <AdjustmentDecision
            key={deciding.adjustment.id}
            adjustment={deciding.adjustment}
            decision={deciding.decision}
            onDone={() => setDeciding(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

function AdjustmentDecision({
  adjustment,
  decision,
  onDone,
}: {
  adjustment: StaffAdjustment;
  decision: 'approve' | 'reject';
  onDone: () => void;
}) {
  const approve = useApproveAdjustment();
  const reject = useRejectAdjustment();
  const summary = (
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
  return (
    <Decision
      summary={summary}
      decision={decision === 'approve' ? 'approve' : 'refuse'}
      approval={{
        note: 'Approving posts it to the player’s balance through the ledger at once.',
        busy: approve.isPending,
        error: approve.error,
        onApprove: () => approve.mutate(adjustment.id, { onSuccess: onDone }),
      }}
      refusal={{
        label: 'Reject',
        hint: 'Why it should not be posted; nothing moves.',
        busy: reject.isPending,
        error: reject.error,
        onSubmit: (reason) => reject.mutate({ id: adjustment.id, reason }, { onSuccess: onDone }),
      }}
    />
  );
}
