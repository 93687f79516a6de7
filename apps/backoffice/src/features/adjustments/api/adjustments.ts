import type { ReviewEndpoint } from '../../../components/review-queue/review-api';

/** A second member's Approve posts the adjustment; Reject leaves everything as it was. */
export const adjustments: ReviewEndpoint = { key: 'adjustments', path: '/adjustments', refusal: 'reject' };
