import { z } from 'zod';
import { twoStepMessages } from './two-step-constants.ts';

export * from './two-step-constants.ts';

/** Six digits from the authenticator app, or a recovery code XXXXX-XXXXX (dash and case optional). */
export const twoStepCodeSchema = z
  .string({ error: twoStepMessages.code })
  .trim()
  .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, { error: twoStepMessages.code });

/** Six digits only: confirming an enrolment proves the app, not a recovery code. */
export const totpCodeSchema = z
  .string({ error: twoStepMessages.code })
  .trim()
  .regex(/^\d{6}$/, { error: twoStepMessages.code });

/** POST /auth/login/two-step */
export const twoStepSignInBodySchema = z.object({
  pendingSignIn: z
    .string({ error: twoStepMessages.expired })
    .min(1, { error: twoStepMessages.expired })
    .max(100, { error: twoStepMessages.expired }),
  code: twoStepCodeSchema,
});
export type TwoStepSignInBody = z.infer<typeof twoStepSignInBodySchema>;

/** GET /profile/two-step */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes (0 when off). */
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** POST /profile/two-step/enrolment: the key to type by hand, the otpauth URI and its QR code. */
export const twoStepEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrDataUrl: z.string(),
});
export type TwoStepEnrolment = z.infer<typeof twoStepEnrolmentSchema>;

/** POST /profile/two-step/confirm (a TOTP code) */
export const twoStepConfirmBodySchema = z.object({ code: totpCodeSchema });
/** POST /profile/two-step/recovery-codes and /profile/two-step/disable (a TOTP or recovery code) */
export const twoStepCodeBodySchema = z.object({ code: twoStepCodeSchema });
export type TwoStepCodeBody = z.infer<typeof twoStepCodeBodySchema>;

/** Ten new recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;
