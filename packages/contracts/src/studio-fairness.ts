import { z } from 'zod';
import { studioMessages } from './studio-messages.ts';

/* Provably fair seeds */

export const serverSeedSchema = z.string().regex(/^[0-9a-f]{64}$/, studioMessages.serverSeed);
export const serverSeedHashSchema = z.string().regex(/^[0-9a-f]{64}$/);
export const CLIENT_SEED_MAX_LENGTH = 64;
/**
 * Printable ASCII only, so the HMAC message is the same bytes in every verifier (no Unicode
 * normalisation questions); no outer spaces, which get lost when a seed is copied.
 */
export const clientSeedSchema = z
  .string({ error: studioMessages.clientSeedRequired })
  .min(1, { error: studioMessages.clientSeedRequired, abort: true })
  .max(CLIENT_SEED_MAX_LENGTH, { error: studioMessages.clientSeedMax, abort: true })
  .regex(/^[\x20-\x7e]+$/, { error: studioMessages.clientSeedPattern, abort: true })
  .refine((s) => s.trim() === s, studioMessages.clientSeedSpaces);
export const nonceSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** What a player sees before playing: the hash of the secret server seed, their client seed, the next nonce. */
export const fairnessSchema = z.object({
  serverSeedHash: serverSeedHashSchema,
  clientSeed: clientSeedSchema,
  nonce: nonceSchema,
});
export type Fairness = z.infer<typeof fairnessSchema>;

export const changeClientSeedRequestSchema = z.object({ clientSeed: clientSeedSchema });

/** Answer to a rotation: the retired seed pair in full (nonce = rounds played with it) and the new public pair. */
export const seedRotationSchema = z.object({
  revealed: z.object({
    serverSeed: serverSeedSchema,
    serverSeedHash: serverSeedHashSchema,
    clientSeed: clientSeedSchema,
    nonce: nonceSchema,
  }),
  current: fairnessSchema,
});
export type SeedRotation = z.infer<typeof seedRotationSchema>;
