import type { Db } from '../../db/client.ts';
import { walletProviders } from './schema.ts';

/** Our own game studio: the provider seeded with every installation. */
export const STUDIO_PROVIDER = { code: 'paws-studio', name: 'PAWS Studio' } as const;

/**
 * The secret a provider signs its wallet calls with: its row's own, or for our studio (whose row keeps none)
 * the STUDIO_WALLET_SECRET setting. Never derived from the server SECRET: each secret is rotated on its own.
 */
export function providerSecret(row: { code: string; secret: string | null }, studioSecret: string) {
  return row.secret ?? (row.code === STUDIO_PROVIDER.code ? studioSecret : null);
}

export { signBody, verifyBody } from '../../lib/hmac.ts';

/** Seed step: the studio provider, once. */
export async function seedWalletProviders(db: Db) {
  await db
    .insert(walletProviders)
    .values({ code: STUDIO_PROVIDER.code, name: STUDIO_PROVIDER.name, secret: null, enabled: true })
    .onConflictDoNothing();
}
