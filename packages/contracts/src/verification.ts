import { z } from 'zod';

/** Identity verification (platform service): spec 001 §3 (Verification session), §4 (Verification), §7, §8. */

/** GET /verification-sessions */
export const verificationSessionResponseSchema = z.object({ verificationUrl: z.string() });
export type VerificationSessionResponse = z.infer<typeof verificationSessionResponseSchema>;

/** What the provider's page posts to its opener (spec 001 §4). */
export const verificationSessionStatuses = ['STARTED', 'FINISHED', 'CANCELED', 'ERROR'] as const;
export type VerificationSessionStatus = (typeof verificationSessionStatuses)[number];
export const verificationResults = ['APPROVED', 'DECLINED'] as const;
export type VerificationResult = (typeof verificationResults)[number];

/** The `type` of the message the verification page posts to window.opener. */
export const VERIFICATION_MESSAGE_TYPE = 'paws:verification';
export const verificationMessageSchema = z.object({
  type: z.literal(VERIFICATION_MESSAGE_TYPE),
  sessionId: z.string(),
  status: z.enum(verificationSessionStatuses),
});
export type VerificationMessage = z.infer<typeof verificationMessageSchema>;

/** Spec 001 §8. */
export const verificationMessages = {
  success: 'Verification completed successfully',
  canceled: 'Verification was canceled',
  error: 'Verification failed. Please try again.',
  initFailure: 'Failed to initialize verification session',
  // Not given by the spec: the product's own wording.
  alreadyVerified: 'Your identity is already verified',
  inReview: 'Your documents are already being reviewed',
  sessionNotFound: 'Verification session not found',
  sessionClosed: 'This verification session is closed',
  documentRequired: 'Please upload a document first',
  documentType: 'Please select a JPEG, PNG or PDF file',
  documentSize: 'File must be less than 10MB',
  decision: 'Decision must be APPROVE, DECLINE or CANCEL',
  unavailable: 'Identity verification is not available right now: no verification provider is configured',
} as const;

/** Identity documents: JPEG, PNG or PDF, at most 10 MB. */
export const VERIFICATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const verificationDocumentTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type VerificationDocumentType = (typeof verificationDocumentTypes)[number];

// The built-in sandbox provider's page calls these (under the platform base path).

/** POST /kyc/sandbox/sessions/{sessionId}/decision */
export const sandboxDecisions = ['APPROVE', 'DECLINE', 'CANCEL'] as const;
export type SandboxDecision = (typeof sandboxDecisions)[number];
export const sandboxDecisionBodySchema = z.object({
  decision: z.enum(sandboxDecisions, { error: verificationMessages.decision }),
});
export type SandboxDecisionBody = z.infer<typeof sandboxDecisionBodySchema>;

/** A sandbox session as its page sees it. */
export const sandboxSessionSchema = z.object({
  sessionId: z.string(),
  status: z.enum(verificationSessionStatuses),
  result: z.enum(verificationResults).nullable(),
  /** The document was handed in for review. */
  submitted: z.boolean(),
  document: z
    .object({ name: z.string(), type: z.enum(verificationDocumentTypes), size: z.number().int() })
    .nullable(),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;
