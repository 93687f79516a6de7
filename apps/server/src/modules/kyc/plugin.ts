import { resolve } from 'node:path';
import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { defineModule } from '../../core/module.ts';
import { AppError } from '../../lib/errors.ts';
import { createDiskStorage } from '../../plugins/storage.ts';
import { sandboxPageRoutes } from './page.ts';
import {
  createSandboxKycProvider,
  deriveKycSecret,
  KYC_SIGNATURE_HEADER,
  type KycProvider,
} from './provider.ts';
import { createVerificationReview } from './review.ts';
import { kycRoutes } from './routes.ts';
import { createKycSandbox, type KycSandbox } from './sandbox.ts';
import { createKycService, type KycService, type VerificationStates } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    kyc: KycService & ReturnType<typeof createVerificationReview>;
  }
}

export interface KycPluginOptions {
  /** A real provider; without one the built-in sandbox (and its page) is used. */
  provider?: KycProvider;
}

const WEBHOOK_PATH = `${serviceBasePaths.platform}/kyc/webhook`;
/** Under DATA_DIR, outside the publicly served uploads folder. */
const KYC_DOCUMENTS_FOLDER = 'kyc-documents';

/**
 * Identity verification as `app.kyc`: sessions with the KYC provider, its signed webhook moving the
 * player's verificationType, and a kyc.verification_result event for whoever tells the player.
 */
export const kyc = (options: KycPluginOptions = {}) =>
  defineModule({
    name: 'kyc',
    provides: ['kyc'],
    uses: ['identity', 'authenticate', 'resolveUser'],
    async register(app) {
      let sandbox: KycSandbox | undefined;
      let provider: KycProvider | null = options.provider ?? null;
      // The sandbox lets a player approve themselves: only where KYC_SANDBOX allows (never by default in production).
      if (!provider && app.env.KYC_SANDBOX) {
        const sandboxProvider = createSandboxKycProvider({
          platformUrl: app.env.PLATFORM_URL,
          secret: deriveKycSecret(app.env.SECRET, 'sandbox'),
        });
        provider = sandboxProvider;
        sandbox = createKycSandbox({
          db: app.database.db,
          provider: sandboxProvider,
          // Identity documents stay private: outside the publicly served uploads folder.
          documents: createDiskStorage(resolve(app.env.DATA_DIR, KYC_DOCUMENTS_FOLDER)),
          // Through the real webhook route (parser, signature check, handler), in process: the sandbox does
          // not depend on this process reaching its own public address.
          async deliver(body, signature) {
            const response = await app.inject({
              method: 'POST',
              url: WEBHOOK_PATH,
              headers: { 'content-type': 'application/json', [KYC_SIGNATURE_HEADER]: signature },
              payload: body,
            });
            if (response.statusCode !== 200) {
              throw new Error(`KYC webhook refused: ${response.statusCode} ${response.body}`);
            }
          },
        });
      }

      const { identity } = app;
      const states: VerificationStates = {
        async verificationTypeOf(userId) {
          try {
            return (await identity.userData(userId)).verificationType;
          } catch (err) {
            if (err instanceof AppError && err.statusCode === 404) return undefined;
            throw err;
          }
        },
        move: (userId, from, to, tx) => identity.moveVerificationType(userId, from, to, tx),
      };
      app.decorate('kyc', {
        ...createKycService({ db: app.database.db, provider, states }),
        // The back office's verification queue; documents are read from where the sandbox keeps them.
        ...createVerificationReview({
          db: app.database.db,
          states,
          documentsRoot: resolve(app.env.DATA_DIR, KYC_DOCUMENTS_FOLDER),
        }),
      });
      if (!app.serves('kyc')) return;
      await app.register(kycRoutes, { prefix: serviceBasePaths.platform, sandbox });
      if (sandbox) await app.register(sandboxPageRoutes, { sandbox });
    },
  });
