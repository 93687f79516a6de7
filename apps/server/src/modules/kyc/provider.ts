import { createHmac, randomUUID } from 'node:crypto';
import { type VerificationResult, verificationResults } from '@paws/contracts/verification';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { signBody, verifyBody } from '../../lib/hmac.ts';

/** What a KYC provider tells us about a session, by signed webhook. */
export type KycWebhookEvent =
  /** The player handed the document in for review. */
  | { type: 'session.submitted'; sessionId: string }
  | { type: 'session.finished'; sessionId: string; result: VerificationResult }
  | { type: 'session.canceled'; sessionId: string }
  | { type: 'session.error'; sessionId: string };

const webhookEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session.submitted'), sessionId: z.uuid() }),
  z.object({
    type: z.literal('session.finished'),
    sessionId: z.uuid(),
    result: z.enum(verificationResults),
  }),
  z.object({ type: z.literal('session.canceled'), sessionId: z.uuid() }),
  z.object({ type: z.literal('session.error'), sessionId: z.uuid() }),
]);

/**
 * An identity-verification (KYC) provider: it hosts the page where the player hands in a document and
 * reports the outcome by signed webhook.
 */
export interface KycProvider {
  readonly code: string;
  /** Opens a session for the player; verificationUrl is the provider's page the client opens in a popup. */
  createSession(user: { id: string }): Promise<{ sessionId: string; verificationUrl: string }>;
  /**
   * The event a webhook carries, or null when the signature is missing or not the provider's. A signed
   * body that is not a known event is refused with 400.
   */
  verifyWebhook(rawBody: string, signature: string | undefined): KycWebhookEvent | null;
}

/** Header carrying the hex HMAC-SHA256 of the raw webhook body. */
export const KYC_SIGNATURE_HEADER = 'x-kyc-signature';

/** The sandbox's webhook key: derived from SECRET, so it needs no configuration and rotates with it. */
export function deriveKycSecret(serverSecret: string, providerCode: string) {
  return createHmac('sha256', serverSecret).update(`kyc-provider:${providerCode}`).digest('hex');
}

/** Where the sandbox serves its verification page. */
export const SANDBOX_PAGE_PREFIX = '/kyc-sandbox/';

export interface SandboxKycProvider extends KycProvider {
  /** The body and signature of a webhook, as the sandbox's back office sends them. */
  sign(event: KycWebhookEvent): { body: string; signature: string };
}

/**
 * The built-in sandbox: its page is served by this server on the platform origin, the player's own
 * choice (approve, decline, cancel) stands in for the provider's review, and its webhooks are signed
 * like a real provider's.
 */
export function createSandboxKycProvider({
  platformUrl,
  secret,
}: {
  platformUrl: string;
  secret: string;
}): SandboxKycProvider {
  return {
    code: 'sandbox',
    async createSession() {
      const sessionId = randomUUID();
      return { sessionId, verificationUrl: `${platformUrl}${SANDBOX_PAGE_PREFIX}${sessionId}` };
    },
    verifyWebhook(rawBody, signature) {
      if (!verifyBody(secret, rawBody, signature)) return null;
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        throw badRequest('Webhook body must be JSON');
      }
      const parsed = webhookEventSchema.safeParse(json);
      if (!parsed.success) throw badRequest('Unknown webhook event', 'type');
      return parsed.data;
    },
    sign(event) {
      const body = JSON.stringify(event);
      return { body, signature: signBody(secret, body) };
    },
  };
}
