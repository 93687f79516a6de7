import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { walletProviders } from './schema.ts';

/** Our own game studio: the provider seeded with every installation. */
export const STUDIO_PROVIDER = { code: 'paws-studio', name: 'PAWS Studio' } as const;

/**
 * A provider row without its own secret signs with this one: derived from the server SECRET, so the
 * built-in studio needs no extra configuration and rotating SECRET rotates it.
 */
export function deriveProviderSecret(serverSecret: string, providerCode: string) {
  return createHmac('sha256', serverSecret).update(`wallet-provider:${providerCode}`).digest('hex');
}

export { signBody, verifyBody } from '../../lib/hmac.ts';

/** Seed step: the studio provider, once. */
export async function seedWalletProviders(db: Db) {
  await db
    .insert(walletProviders)
    .values({ code: STUDIO_PROVIDER.code, name: STUDIO_PROVIDER.name, secret: null, enabled: true })
    .onConflictDoNothing();
}
