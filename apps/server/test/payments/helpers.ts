import type { PaymentResponse } from '@paws/contracts/payments';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  PLATFORM_HOST,
  signUpByEmail,
} from '../identity/helpers.ts';

export const PLATFORM_API = '/api/platform';
export const DEPOSIT = `${PLATFORM_API}/users/deposit`;
export const WITHDRAW = `${PLATFORM_API}/users/withdraw`;
export const BALANCE_TRANSACTIONS = `${PLATFORM_API}/profile/balance-transactions`;
export const BETS = `${PLATFORM_API}/profile/bets-transactions`;
export const GAME_SESSIONS = `${PLATFORM_API}/profile/game-sessions`;

export type PaymentsTestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
export const createPaymentsTestApp = () => createIdentityTestApp();

/**
 * A new player signed in on the platform origin, with their user id; with `verified`, their identity is
 * approved as the KYC provider's approval does (payouts need it).
 */
export async function signedInPlayer(
  ctx: PaymentsTestApp,
  { verified = false } = {},
): Promise<{ b: Browser; userId: string }> {
  const b = browser(ctx.app, PLATFORM_HOST);
  await signUpByEmail(ctx.app, b);
  const me = (await b.get(`${PLATFORM_API}/profile/user-data`)).json() as { user: { userId: string } };
  if (verified) await ctx.app.identity.moveVerificationType(me.user.userId, ['NONE'], 'APPROVED');
  return { b, userId: me.user.userId };
}

export async function deposit(b: Browser, amount: number, paymentMethod = 'CARD') {
  const res = await b.post(DEPOSIT, { amount, paymentMethod });
  if (res.statusCode !== 201) throw new Error(`deposit failed: ${res.body}`);
  return res.json() as PaymentResponse;
}

/** A staff member's approval of a withdrawal, as the back office's Approve does (without its audit row). */
export function approveWithdrawal(ctx: PaymentsTestApp, paymentId: string, reviewerId = crypto.randomUUID()) {
  return ctx.app.payments.approveWithdrawal(paymentId, { id: reviewerId, audit: async () => {} });
}

/** Polls until the check passes (timers settle withdrawals in the background). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() - started > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
