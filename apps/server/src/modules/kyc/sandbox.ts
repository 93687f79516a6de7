import {
  type SandboxDecision,
  type SandboxSession,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  type VerificationDocumentType,
  verificationMessages,
} from '@paws/contracts/verification';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import { cleanFileName, sniffDocumentType } from './documents.ts';
import type { KycWebhookEvent, SandboxKycProvider } from './provider.ts';
import { type VerificationSessionRow, verificationSessions } from './schema.ts';

/** Sends a signed webhook to the platform (the real route, signature check included). */
export type WebhookDelivery = (body: string, signature: string) => Promise<void>;

export interface SandboxUpload {
  data: Buffer | undefined;
  fileName: string | undefined;
  /** The upload went past the multipart size limit. */
  truncated: boolean;
}

export const toSandboxSession = (row: VerificationSessionRow): SandboxSession => ({
  sessionId: row.id,
  status: row.status,
  result: row.result,
  submitted: row.submittedAt !== null,
  document:
    row.documentName && row.documentType && row.documentSize !== null
      ? {
          name: row.documentName,
          type: row.documentType as VerificationDocumentType,
          size: row.documentSize,
        }
      : null,
});

/**
 * The sandbox provider's back office behind its page: it keeps the document and turns the player's
 * choice into the provider's signed webhooks. A session is visible only to the player it was made for.
 */
export function createKycSandbox({
  db,
  provider,
  documents,
  deliver,
}: {
  db: Db;
  provider: SandboxKycProvider;
  documents: Storage;
  deliver: WebhookDelivery;
}) {
  async function ownSession(userId: string, sessionId: string) {
    const [row] = await db
      .select()
      .from(verificationSessions)
      .where(and(eq(verificationSessions.id, sessionId), eq(verificationSessions.userId, userId)));
    if (!row || row.provider !== provider.code) throw notFound(verificationMessages.sessionNotFound);
    return row;
  }

  async function send(event: KycWebhookEvent) {
    const { body, signature } = provider.sign(event);
    await deliver(body, signature);
  }

  async function reload(sessionId: string) {
    const [row] = await db.select().from(verificationSessions).where(eq(verificationSessions.id, sessionId));
    if (!row) throw notFound(verificationMessages.sessionNotFound);
    return toSandboxSession(row);
  }

  return {
    /** The session for its page; 404 for anyone but its player. */
    async session(userId: string, sessionId: string) {
      return toSandboxSession(await ownSession(userId, sessionId));
    },

    /** The player hands the document in: kept privately, then the provider reports it submitted. */
    async upload(userId: string, sessionId: string, upload: SandboxUpload): Promise<SandboxSession> {
      const row = await ownSession(userId, sessionId);
      if (row.status !== 'STARTED' || row.submittedAt) throw conflict(verificationMessages.sessionClosed);
      const sniffed = upload.data ? sniffDocumentType(upload.data) : undefined;
      if (!upload.data || !sniffed) throw badRequest(verificationMessages.documentType, 'document');
      if (upload.truncated || upload.data.length > VERIFICATION_DOCUMENT_MAX_BYTES) {
        throw badRequest(verificationMessages.documentSize, 'document');
      }
      const key = `${userId}/${sessionId}.${sniffed.extension}`;
      await documents.put(key, upload.data);
      const [stored] = await db
        .update(verificationSessions)
        .set({
          documentPath: key,
          documentName: cleanFileName(upload.fileName),
          documentType: sniffed.type,
          documentSize: upload.data.length,
        })
        .where(
          and(
            eq(verificationSessions.id, sessionId),
            eq(verificationSessions.status, 'STARTED'),
            isNull(verificationSessions.submittedAt),
          ),
        )
        .returning({ id: verificationSessions.id });
      if (!stored) throw conflict(verificationMessages.sessionClosed);
      await send({ type: 'session.submitted', sessionId });
      return reload(sessionId);
    },

    /** The player's choice stands in for the provider's review (approve, decline) or ends the session (cancel). */
    async decide(userId: string, sessionId: string, decision: SandboxDecision): Promise<SandboxSession> {
      const row = await ownSession(userId, sessionId);
      if (row.status !== 'STARTED') throw conflict(verificationMessages.sessionClosed);
      if (decision === 'CANCEL') {
        await send({ type: 'session.canceled', sessionId });
      } else {
        if (!row.submittedAt) throw badRequest(verificationMessages.documentRequired, 'document');
        await send({
          type: 'session.finished',
          sessionId,
          result: decision === 'APPROVE' ? 'APPROVED' : 'DECLINED',
        });
      }
      return reload(sessionId);
    },
  };
}

export type KycSandbox = ReturnType<typeof createKycSandbox>;
