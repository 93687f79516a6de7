import {
  type StaffWithdrawal,
  staffMoneyMessages,
  WITHDRAWAL_LARGE_AMOUNT_USD,
  type WithdrawalRiskBadge,
  type WithdrawalsListQuery,
} from '@paws/contracts/staff-money';
import { fromMinor, toMinor } from '@paws/contracts/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../../../lib/errors.ts';
import type { Reviewer, WithdrawalForReview } from '../../../payments/index.ts';
import { actorOf } from '../../access.ts';
import { peopleOf } from './people.ts';

const LARGE_AMOUNT_MINOR = toMinor(WITHDRAWAL_LARGE_AMOUNT_USD, 'USD') ?? Number.POSITIVE_INFINITY;

/**
 * The withdrawals desk: payments' review queue with the risk badges, which read three modules through
 * their public services (payments: earlier payouts and the last deposit; wallet: play since that deposit;
 * identity: whether the browser asking was new), and the staff decisions, audited in their transaction.
 */
export function createWithdrawalsDesk(app: FastifyInstance) {
  async function badgesOf(row: WithdrawalForReview): Promise<WithdrawalRiskBadge[]> {
    const badges: WithdrawalRiskBadge[] = [];
    if (row.firstWithdrawal) badges.push('FIRST_WITHDRAWAL');
    if (row.currency === 'USD' && row.amount >= LARGE_AMOUNT_MINOR) badges.push('LARGE_AMOUNT');
    const [noPlay, newDevice] = await Promise.all([depositWithoutPlay(row), fromNewDevice(row)]);
    if (noPlay) badges.push('DEPOSIT_NO_PLAY');
    if (newDevice) badges.push('NEW_DEVICE');
    return badges;
  }

  /** Deposited, then asked to withdraw without a single real-money bet since that deposit. */
  async function depositWithoutPlay(row: WithdrawalForReview) {
    const since = row.lastDepositAt;
    if (!since) return false;
    const play = await app.wallet.playTotals(row.userId, {
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
    if (row.userAgent === null) return app.identity.hasNewDevice(row.userId, row.requestedAt);
    const devices = await app.identity.recentDevices(row.userId, { at: row.requestedAt });
    const device = devices.find((d) => d.userAgent === row.userAgent);
    return device ? device.isNew : devices.length > 0;
  }

  async function present(rows: WithdrawalForReview[]): Promise<StaffWithdrawal[]> {
    const people = await peopleOf(
      app,
      rows.flatMap((row) => [row.userId, row.reviewedBy]),
    );
    const now = Date.now();
    return Promise.all(
      rows.map(async (row) => {
        const until = row.review === 'AWAITING_REVIEW' ? now : (row.reviewedAt?.getTime() ?? now);
        return {
          id: row.id,
          player: people.player(row.userId),
          amount: fromMinor(row.amount, row.currency),
          currency: row.currency,
          paymentMethod: row.paymentMethod,
          status: row.status,
          review: row.review,
          requestedAt: row.requestedAt.toISOString(),
          waitingSeconds: Math.max(0, Math.floor((until - row.requestedAt.getTime()) / 1000)),
          badges: await badgesOf(row),
          reviewedBy: people.actor(row.reviewedBy),
          reviewedAt: row.reviewedAt?.toISOString() ?? null,
          reason: row.reason,
          userAgent: row.userAgent,
          ip: row.ip,
        };
      }),
    );
  }

  async function one(id: string) {
    const row = await app.payments.withdrawalForReview(id);
    if (!row) throw notFound(staffMoneyMessages.withdrawalNotFound);
    const [shown] = await present([row]);
    return shown!;
  }

  function reviewer(
    request: FastifyRequest,
    action: 'withdrawal.approve' | 'withdrawal.decline',
    id: string,
  ) {
    const actor = actorOf(request);
    const audited: Reviewer = {
      id: actor.actorId,
      audit: (tx, { before, after }) =>
        app.audit.record({ ...actor, action, targetType: 'withdrawal', targetId: id, before, after }, tx),
    };
    return audited;
  }

  return {
    async list(query: WithdrawalsListQuery, page: number, limit: number) {
      const { items, total } = await app.payments.withdrawalsForReview({ ...query, page, limit });
      return { items: await present(items), total };
    },
    one,
    async approve(request: FastifyRequest, id: string) {
      await app.payments.approveWithdrawal(id, reviewer(request, 'withdrawal.approve', id));
      return one(id);
    },
    async decline(request: FastifyRequest, id: string, reason: string) {
      await app.payments.declineWithdrawal(id, reason, reviewer(request, 'withdrawal.decline', id));
      return one(id);
    },
  };
}
