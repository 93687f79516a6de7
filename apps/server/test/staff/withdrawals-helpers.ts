// What the withdrawal review tests (withdrawals-*.test.ts) share: their app, and the steps of a review.
import type { Notification } from '@paws/contracts/notifications';
import type { StaffWithdrawal } from '@paws/contracts/staff-money';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { balanceTransactions } from '../../src/modules/payments/schema.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { type Browser, createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { deposit, signedInPlayer, WITHDRAW } from '../payments/helpers.ts';

export const API = '/api/staff/withdrawals';

/** The platform with its back office, two finance members (who review) and one support member (who may not). */
export async function createWithdrawalsTestApp() {
  const ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  const [finance, finance2, support] = await Promise.all([
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['support']),
  ]);
  return { ctx, finance, finance2, support };
}

export const approve = (staff: StaffSession, id: string) =>
  staff.inject({ method: 'POST', url: `${API}/${id}/approve` });
export const decline = (
  staff: StaffSession,
  id: string,
  reason: unknown = 'Card does not match the deposit',
) => staff.inject({ method: 'POST', url: `${API}/${id}/decline`, payload: { reason } });
export const financeNotices = async (b: Browser) =>
  (
    (await b.get('/api/notifications/notifications?category=FINANCIAL')).json() as {
      notifications: Notification[];
    }
  ).notifications.map((n) => n.notificationMessage);

/** The review tests' steps, on the app and finance member `current()` returns once beforeAll built them. */
export function withdrawalSteps(current: () => { ctx: IdentityTestApp; finance: StaffSession }) {
  const db = () => current().ctx.app.database.db;
  const usd = async (userId: string) => (await current().ctx.app.wallet.balanceOf(userId, 'USD')) / 100;
  const rowOf = async (id: string) =>
    (await db().select().from(balanceTransactions).where(eq(balanceTransactions.id, id)))[0];
  const auditOf = (id: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'withdrawal'), eq(auditLog.targetId, id)));

  /** A verified player with a deposit and one withdrawal waiting for review. */
  async function pendingWithdrawal(amount = 10, funds = 50) {
    const { b, userId } = await signedInPlayer(current().ctx, { verified: true });
    await deposit(b, funds);
    const res = await b.post(WITHDRAW, { amount, paymentMethod: 'CARD' });
    expect(res.statusCode, res.body).toBe(201);
    return { b, userId, id: res.json().transaction.id as string };
  }
  const one = async (id: string) =>
    (await current().finance.inject({ method: 'GET', url: `${API}/${id}` })).json() as StaffWithdrawal;

  return { db, usd, rowOf, auditOf, pendingWithdrawal, one };
}
