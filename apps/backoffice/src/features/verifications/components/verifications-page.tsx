import type { StaffVerification, verificationStates } from '@paws/contracts/staff-money';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { ReviewTable } from '../../../components/review-queue/review-table';
import { formatWaiting } from '../../../components/review-queue/waiting';
import { Badge, formatDateTime, PageHeader } from '../../../components/ui';
import { verifications } from '../api/verifications';
import { paths } from '../paths';

const column = createColumnHelper<StaffVerification>();

export const stateLabels: Record<(typeof verificationStates)[number] | 'ALL', string> = {
  PENDING: 'Waiting for review',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  ALL: 'All',
};
export const stateTone = { PENDING: 'info', APPROVED: 'good', DECLINED: 'bad' } as const;

/** The verification queue: documents players handed in, waiting for a decision. */
export default function VerificationsPage() {
  const [state, setState] = useState<keyof typeof stateLabels>('PENDING');
  const columns = [
    column.accessor((v) => v.player.email ?? v.player.username ?? v.player.id, {
      id: 'player',
      header: 'Player',
      enableSorting: false,
    }),
    column.accessor('submittedAt', {
      header: 'Handed in',
      enableSorting: true,
      cell: (c) => formatDateTime(c.getValue()),
    }),
    column.accessor('waitingSeconds', {
      header: 'Waiting',
      enableSorting: false,
      cell: (c) => formatWaiting(c.getValue()),
    }),
    column.accessor((v) => v.document?.name ?? '—', {
      id: 'document',
      header: 'Document',
      enableSorting: false,
    }),
    column.accessor('state', {
      header: 'State',
      enableSorting: false,
      cell: (c) => <Badge tone={stateTone[c.getValue()]}>{stateLabels[c.getValue()]}</Badge>,
    }),
  ];
  return (
    <>
      <PageHeader title="Verifications">
        <p className="field-hint">
          Open a verification to view its document and approve or decline it. The player&apos;s status follows
          and they are told, with your reason when you decline.
        </p>
      </PageHeader>
      <ReviewTable
        endpoint={verifications}
        filter={{ name: 'state', label: 'State', value: state, choices: stateLabels, onChange: setState }}
        label="Verifications"
        columns={columns}
        defaultSort={{ id: 'submittedAt', desc: false }}
        rowKey={(v) => v.id}
        rowHref={(v) => paths.one(v.id)}
        emptyText={state === 'PENDING' ? 'No document is waiting for review' : 'No verifications'}
      />
    </>
  );
}
