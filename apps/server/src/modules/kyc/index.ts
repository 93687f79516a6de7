// KYC's public surface for other modules.

export type {
  VerificationAuditView,
  VerificationForReview,
  VerificationReviewer,
  VerificationReviewQuery,
} from './review.ts';
export { pendingVerificationCount } from './staff-counts.ts';
export {
  createKycPlayerReads,
  type KycPlayerReads,
  type KycPlayerVerification,
} from './staff-player-reads.ts';
