import type { ReviewEndpoint } from '../../../components/review-queue/review-api';

/** Approve makes the player's status APPROVED; Decline tells them the reason. */
export const verifications: ReviewEndpoint = {
  key: 'verifications',
  path: '/verifications',
  refusal: 'decline',
};
