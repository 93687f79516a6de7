import {
  type StaffWithdrawal,
  staffMoneyMessages,
  staffWithdrawalSchema,
  WITHDRAWAL_LARGE_AMOUNT_USD,
  type WithdrawalRiskBadge,
  type WithdrawalsListQuery,
  withdrawalsListQuerySchema,
  withdrawalsPageSchema,
} from '@paws/contracts/staff-money';
import { fromMinor, toMinor } from '@paws/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { WithdrawalForReview } from '../../../payments/index.ts';
import type { AreaOptions, BackOfficeDeps } from '../../deps.ts';
import { waitingSeconds } from '../../people.ts';
import { type ReviewQueue, reviewQueueRoutes } from '../../review-queue.ts';

const LARGE_AMOUNT_MINOR = toMinor(WITHDRAWAL_LARGE_AMOUNT_USD, 'USD') ?? Number.POSITIVE_INFINITY;

/**
 * The risk badges of a withdrawal, read from three modules' public services (payments: earlier payouts and
 * the last deposit; wallet: play since that deposit; identity: whether the browser asking was new).
 */
function riskBadges({ wallet, identity }: Pick<BackOfficeDeps, 'wallet' | 'identity'>) {
  /** Deposited, then asked to withdraw without a single real-money bet since that deposit. */
  async function depositWithoutPlay(row: WithdrawalForReview) {
    const since = row.lastDepositAt;
    if (!since) return false;
    const play = await wallet.playTotals(row.userId, {
      weekStart: since,
      monthStart: since,
      runStart: since,
    });
    return play.weekBets === 0;
  }

  /**
   * The browser the withdrawal was asked from first signed in to the account within identity's "new
   * device" window before the request (never the account's first browser); one that never signed in at
   * all (a session carried to another browser) counts as new too. Without a recorded browser: any new one.
   */
  async function fromNewDevice(row: WithdrawalForReview) {
    if (row.userAgent === null) return identity.hasNewDevice(row.userId, row.requestedAt);
    const devices = await identity.recentDevices(row.userId, { at: row.requestedAt });
    const device = devices.find((d) => d.userAgent === row.userAgent);
    return device ? device.isNew : devices.length > 0;
  }

  return async (row: WithdrawalForReview): Promise<WithdrawalRiskBadge[]> => {
    const badges: WithdrawalRiskBadge[] = [];
    if (row.firstWithdrawal) badges.push('FIRST_WITHDRAWAL');
    if (row.currency === 'USD' && row.amount >= LARGE_AMOUNT_MINOR) badges.push('LARGE_AMOUNT');
    const [noPlay, newDevice] = await Promise.all([depositWithoutPlay(row), fromNewDevice(row)]);
    if (noPlay) badges.push('DEPOSIT_NO_PLAY');
    if (newDevice) badges.push('NEW_DEVICE');
    return badges;
  };
}

function withdrawalsQueue(
  deps: BackOfficeDeps,
): ReviewQueue<WithdrawalForReview, StaffWithdrawal, WithdrawalsListQuery> {
  const { payments } = deps;
  const badgesOf = riskBadges(deps);
  return {
    tags: ['staff: withdrawals'],
    name: 'withdrawals',
    refuse: 'decline',
    schemas: { query: withdrawalsListQuerySchema, page: withdrawalsPageSchema, item: staffWithdrawalSchema },
    summaries: {
      list: 'Withdrawals by review state (default: awaiting review), with risk badges; CSV with format=csv',
      one: 'One withdrawal with its risk badges',
      approve: 'Approves a withdrawal: the payout is asked of the provider (409 when already reviewed)',
      refuse:
        'Declines a withdrawal with a reason the player is told; the held funds return (409 when reviewed)',
    },
    columns: [
      { header: 'id', value: (row) => row.id },
      { header: 'playerId', value: (row) => row.player.id },
      { header: 'playerEmail', value: (row) => row.player.email },
      { header: 'amount', value: (row) => row.amount },
      { header: 'currency', value: (row) => row.currency },
      { header: 'paymentMethod', value: (row) => row.paymentMethod },
      { header: 'status', value: (row) => row.status },
      { header: 'review', value: (row) => row.review },
      { header: 'requestedAt', value: (row) => row.requestedAt },
      { header: 'waitingSeconds', value: (row) => row.waitingSeconds },
      { header: 'badges', value: (row) => row.badges.join(' ') },
      { header: 'reviewedBy', value: (row) => row.reviewedBy?.email ?? row.reviewedBy?.id },
      { header: 'reviewedAt', value: (row) => row.reviewedAt },
      { header: 'reason', value: (row) => row.reason },
    ],
    notFound: staffMoneyMessages.withdrawalNotFound,
    list: (query) => payments.withdrawalsForReview(query),
    one: (id) => payments.withdrawalForReview(id),
    approve: (id, decider) =>
      payments.approveWithdrawal(id, {
        id: decider.id,
        audit: (tx, change) => decider.audit(tx, { action: 'withdrawal.approve', targetId: id, ...change }),
      }),
    refuseWith: (id, reason, decider) =>
      payments.declineWithdrawal(id, reason, {
        id: decider.id,
        audit: (tx, change) => decider.audit(tx, { action: 'withdrawal.decline', targetId: id, ...change }),
      }),
    peopleIn: (row) => [row.userId, row.reviewedBy],
    present: (rows, people) =>
      Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          player: people.player(row.userId),
          amount: fromMinor(row.amount, row.currency),
          currency: row.currency,
          paymentMethod: row.paymentMethod,
          status: row.status,
          review: row.review,
          requestedAt: row.requestedAt.toISOString(),
          waitingSeconds: waitingSeconds(row.requestedAt, row.reviewedAt, row.review === 'AWAITING_REVIEW'),
          badges: await badgesOf(row),
          reviewedBy: people.actor(row.reviewedBy),
          reviewedAt: row.reviewedAt?.toISOString() ?? null,
          reason: row.reason,
          userAgent: row.userAgent,
          ip: row.ip,
        })),
      ),
  };
}

/**
 * The withdrawals queue under /api/staff/withdrawals (withdrawals.review): every withdrawal waits here with
 * its funds held; Approve asks the provider for the payout, Decline returns the funds. Both are audited.
 */
export async function withdrawalsRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  reviewQueueRoutes(app, withdrawalsQueue(deps), deps);
}
