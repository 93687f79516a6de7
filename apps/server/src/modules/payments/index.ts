// Payments' public surface: what other modules may use (its service is `app.payments`).

export type { Reviewer, WithdrawalAuditView, WithdrawalForReview, WithdrawalReviewQuery } from './review.ts';
export type { PaymentResult, PaymentsService } from './service.ts';
export { toBalanceTransaction } from './service.ts';
export { pendingWithdrawalCount } from './staff-counts.ts';
export { createPaymentsPlayerReads, type PaymentsPlayerReads } from './staff-player-reads.ts';
