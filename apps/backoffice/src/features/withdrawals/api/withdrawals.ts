import type { ReviewEndpoint } from '../../../components/review-queue/review-api';

/** Approve asks the payment provider for the payout; Decline returns the held funds to the player. */
export const withdrawals: ReviewEndpoint = { key: 'withdrawals', path: '/withdrawals', refusal: 'decline' };
