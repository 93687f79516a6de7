import {
  type StaffWithdrawal,
  WITHDRAWAL_LARGE_AMOUNT_USD,
  type WithdrawalRiskBadge,
  type withdrawalReviews,
} from '@paws/contracts/staff-money';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { ReviewTable } from '../../../components/review-queue/review-table';
import { formatWaiting } from '../../../components/review-queue/waiting';
import { Badge, formatDateTime, formatMoney, PageHeader } from '../../../components/ui';
import { withdrawals } from '../api/withdrawals';

const column = createColumnHelper<StaffWithdrawal>();

export const badgeText: Record<WithdrawalRiskBadge, { label: string; meaning: string }> = {
  FIRST_WITHDRAWAL: {
    label: 'First withdrawal',
    meaning: 'no withdrawal of this player was paid out before',
  },
  LARGE_AMOUNT: {
    label: 'Large amount',
    meaning: `${formatMoney(WITHDRAWAL_LARGE_AMOUNT_USD, 'USD')} or more`,
  },
  DEPOSIT_NO_PLAY: {
    label: 'Deposit, no play',
    meaning: 'no real-money bet since the last deposit',
  },
  NEW_DEVICE: {
    label: 'New device',
    meaning: 'asked from a browser that first signed in within the last day',
  },
};

const reviewLabels: Record<(typeof withdrawalReviews)[number] | 'ALL', string> = {
  AWAITING_REVIEW: 'Awaiting review',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  ALL: 'All',
};

const playerName = (w: StaffWithdrawal) => w.player.email ?? w.player.username ?? w.player.id;

/** The withdrawals queue: every withdrawal waits here, its funds held, until staff approve or decline it. */
export default function WithdrawalsPage() {
  const [review, setReview] = useState<keyof typeof reviewLabels>('AWAITING_REVIEW');
  const columns = [
    column.accessor((w) => playerName(w), {
      id: 'player',
      header: 'Player',
      enableSorting: false,
      cell: (c) => (
        <span title={c.row.original.player.id}>
          {c.getValue()}
          {c.row.original.player.username && c.row.original.player.email ? (
            <span className="field-hint"> @{c.row.original.player.username}</span>
          ) : null}
        </span>
      ),
    }),
    column.accessor('amount', {
      header: 'Amount',
      enableSorting: true,
      cell: (c) => formatMoney(c.getValue(), c.row.original.currency),
    }),
    column.accessor('requestedAt', {
      header: 'Requested',
      enableSorting: true,
      cell: (c) => formatDateTime(c.getValue()),
    }),
    column.accessor('waitingSeconds', {
      header: 'Waiting',
      enableSorting: false,
      cell: (c) => formatWaiting(c.getValue()),
    }),
    column.accessor('badges', {
      header: 'Risk',
      enableSorting: false,
      cell: (c) =>
        c.getValue().length === 0 ? (
          <span className="field-hint">none</span>
        ) : (
          c.getValue().map((badge) => (
            <Badge key={badge} tone={badge === 'LARGE_AMOUNT' || badge === 'NEW_DEVICE' ? 'bad' : 'warn'}>
              <span title={badgeText[badge].meaning}>{badgeText[badge].label}</span>
            </Badge>
          ))
        ),
    }),
    column.accessor('review', {
      header: 'Review',
      enableSorting: false,
      cell: (c) => {
        const w = c.row.original;
        if (w.review === 'AWAITING_REVIEW') return <Badge tone="info">Awaiting review</Badge>;
        return (
          <span>
            <Badge tone={w.review === 'APPROVED' ? 'good' : 'bad'}>{reviewLabels[w.review]}</Badge>{' '}
            <span className="field-hint">
              {w.status === 'PENDING' ? 'payout pending' : w.status.toLowerCase()}
              {w.reviewedBy ? ` · ${w.reviewedBy.email ?? w.reviewedBy.id}` : ''}
              {w.reason ? ` · ${w.reason}` : ''}
            </span>
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title="Withdrawals">
        <p className="field-hint">
          Every withdrawal waits here with the player&apos;s funds held. Approve asks the payment provider for
          the payout; Decline returns the funds to the player, who is told your reason.
        </p>
      </PageHeader>
      <dl className="facts" aria-label="Risk badges" style={{ marginBottom: '1rem' }}>
        {Object.values(badgeText).map((badge) => (
          <div key={badge.label} style={{ display: 'contents' }}>
            <dt>{badge.label}</dt>
            <dd className="field-hint">{badge.meaning}</dd>
          </div>
        ))}
      </dl>
      <ReviewTable
        endpoint={withdrawals}
        filter={{
          name: 'review',
          label: 'Review',
          value: review,
          choices: reviewLabels,
          onChange: setReview,
        }}
        label="Withdrawals"
        columns={columns}
        defaultSort={{ id: 'requestedAt', desc: review !== 'AWAITING_REVIEW' }}
        rowKey={(w) => w.id}
        emptyText={review === 'AWAITING_REVIEW' ? 'No withdrawal is waiting for review' : 'No withdrawals'}
        decisions={{
          noun: 'withdrawal',
          summary: (w) => <WithdrawalSummary withdrawal={w} />,
          approvalNote:
            'The payout is asked of the payment provider at once; the player is told when it is paid.',
          refusal: {
            label: 'Decline',
            hint: 'The player is told this reason; the held funds return to their balance.',
          },
          actions: (w, buttons) => (w.review === 'AWAITING_REVIEW' ? buttons : null),
        }}
      />
    </>
  );
}

/** What the decision dialog shows of a withdrawal. */
function WithdrawalSummary({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  return (
    <dl className="facts">
      <dt>Player</dt>
      <dd>{playerName(withdrawal)}</dd>
      <dt>Amount</dt>
      <dd>{formatMoney(withdrawal.amount, withdrawal.currency)}</dd>
      <dt>Method</dt>
      <dd>{withdrawal.paymentMethod}</dd>
      <dt>Requested</dt>
      <dd>
        {formatDateTime(withdrawal.requestedAt)} ({formatWaiting(withdrawal.waitingSeconds)} ago)
      </dd>
      <dt>Risk</dt>
      <dd>{withdrawal.badges.map((b) => badgeText[b].label).join(', ') || 'none'}</dd>
      <dt>Browser</dt>
      <dd>
        {withdrawal.userAgent ?? '—'}
        {withdrawal.ip ? ` (${withdrawal.ip})` : ''}
      </dd>
    </dl>
  );
}
