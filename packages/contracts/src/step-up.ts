import { z } from 'zod';
import { stepUpChannels, stepUpMessages, stepUpMethods } from './step-up-constants.ts';

export * from './step-up-constants.ts';

const sixDigits = /^\d{6}$/;
const recoveryCode = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** POST /auth/step-up/code: where the 6-digit code goes (the confirmed e-mail or phone). */
export const stepUpCodeRequestSchema = z.object({
  channel: z.enum(stepUpChannels, { error: stepUpMessages.channel }),
});
export type StepUpCodeRequest = z.infer<typeof stepUpCodeRequestSchema>;

/** The answer of POST /auth/step-up/code: the masked address it went to. */
export const stepUpCodeSentSchema = z.object({ sentTo: z.string() });
export type StepUpCodeSent = z.infer<typeof stepUpCodeSentSchema>;

/**
 * POST /auth/step-up: a TOTP code (six digits), a recovery code, or the code sent to the e-mail or phone.
 */
export const stepUpBodySchema = z
  .object({
    method: z.enum(stepUpMethods, { error: stepUpMessages.method }),
    code: z.string({ error: stepUpMessages.code }).trim().max(32, { error: stepUpMessages.code }),
  })
  .superRefine((body, ctx) => {
    const recovery = body.method === 'recovery';
    if (!(recovery ? recoveryCode : sixDigits).test(body.code)) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: recovery ? stepUpMessages.recoveryCode : stepUpMessages.code,
      });
    }
  });
export type StepUpBody = z.infer<typeof stepUpBodySchema>;

/** GET /auth/step-up and the answer of POST /auth/step-up. */
export const stepUpStatusSchema = z.object({
  /** Whether this session's last proof is younger than the window. */
  fresh: z.boolean(),
  /** Until when it counts (null: no proof, or an old one). */
  freshUntil: z.string().nullable(),
  /** The ways this player can prove presence; the addresses masked. */
  methods: z.object({
    totp: z.boolean(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
});
export type StepUpStatus = z.infer<typeof stepUpStatusSchema>;
