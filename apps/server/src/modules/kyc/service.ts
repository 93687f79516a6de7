import type { VerificationType } from '@paws/contracts/profile';
import {
  type VerificationResult,
  type VerificationSessionResponse,
  verificationMessages,
} from '@paws/contracts/verification';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import type { KycProvider, KycWebhookEvent } from './provider.ts';
import { verificationSessions } from './schema.ts';

/** What the KYC module needs from identity: the player's state and a guarded move of it. */
export interface VerificationStates {
  verificationTypeOf(userId: string): Promise<VerificationType | undefined>;
  move(userId: string, from: readonly VerificationType[], to: VerificationType, tx: DbOrTx): Promise<boolean>;
}

export interface VerificationResultEvent {
  userId: string;
  result: VerificationResult;
}

/** Who may start again: a player never verified, or declined before. */
const CAN_START: readonly VerificationType[] = ['NONE', 'DECLINED'];

export function createKycService({
  db,
  provider,
  states,
}: {
  db: Db;
  /** null: no verification provider configured (starting a verification answers 503). */
  provider: KycProvider | null;
  states: VerificationStates;
}) {
  /** Applies one provider event in one transaction holding the session row; false when nothing changed. */
  async function apply(event: KycWebhookEvent): Promise<VerificationResultEvent | undefined> {
    return db.transaction(async (tx) => {
      const [session] = await tx
        .select()
        .from(verificationSessions)
        .where(eq(verificationSessions.id, event.sessionId))
        .for('update');
      if (!session) throw notFound(verificationMessages.sessionNotFound);
      // A settled session ignores repeats and late events: providers redeliver webhooks.
      if (session.status !== 'STARTED') return undefined;
      const { userId } = session;
      const set = (values: Partial<typeof verificationSessions.$inferInsert>) =>
        tx.update(verificationSessions).set(values).where(eq(verificationSessions.id, session.id));

      switch (event.type) {
        case 'session.submitted': {
          if (session.submittedAt) return undefined;
          await set({ submittedAt: new Date() });
          await states.move(userId, CAN_START, 'PENDING', tx);
          return undefined;
        }
        case 'session.finished': {
          await set({ status: 'FINISHED', result: event.result });
          const moved = await states.move(userId, ['NONE', 'PENDING', 'DECLINED'], event.result, tx);
          if (!moved) return undefined;
          await recordEvent(tx, 'kyc.verification_result', { userId, result: event.result });
          return { userId, result: event.result };
        }
        case 'session.canceled':
        case 'session.error': {
          await set({ status: event.type === 'session.canceled' ? 'CANCELED' : 'ERROR' });
          // Documents handed in and then withdrawn: the player is back where they can start again.
          if (session.submittedAt) await states.move(userId, ['PENDING'], 'NONE', tx);
          return undefined;
        }
      }
    });
  }

  return {
    provider,

    /** GET /verification-sessions: a new session with the provider; earlier open ones are canceled. */
    async startSession(userId: string): Promise<VerificationSessionResponse> {
      const state = await states.verificationTypeOf(userId);
      if (!state) throw unauthorized();
      if (state === 'APPROVED') throw conflict(verificationMessages.alreadyVerified);
      if (state === 'PENDING') throw conflict(verificationMessages.inReview);
      if (!provider) throw new AppError(503, verificationMessages.unavailable);
      const { sessionId, verificationUrl } = await provider.createSession({ id: userId });
      await db.transaction(async (tx) => {
        await tx
          .update(verificationSessions)
          .set({ status: 'CANCELED' })
          .where(
            and(
              eq(verificationSessions.userId, userId),
              eq(verificationSessions.status, 'STARTED'),
              isNull(verificationSessions.submittedAt),
              ne(verificationSessions.id, sessionId),
            ),
          );
        await tx.insert(verificationSessions).values({ id: sessionId, userId, provider: provider.code });
      });
      return { verificationUrl };
    },

    /** POST /kyc/webhook: null signature check → 401 by the caller. */
    async handleWebhook(rawBody: string, signature: string | undefined): Promise<boolean> {
      const event = provider?.verifyWebhook(rawBody, signature);
      if (!event) return false;
      await apply(event);
      return true;
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
