/**
 * The server's half of provably fair: drawing the secret seeds. Everything a verifier needs (hashing,
 * the outcome stream, the games) is in @paws/studio-engine, which runs in browsers too; only the
 * randomness that must stay unpredictable lives here, on Node's CSPRNG.
 */
import { randomBytes } from 'node:crypto';
import { assertClientSeed, hashServerSeed, type SeedPair } from '@paws/studio-engine/fair';

export const SERVER_SEED_BYTES = 32;

export function generateServerSeed(): string {
  return randomBytes(SERVER_SEED_BYTES).toString('hex');
}

/** Default client seed for a new player: 20 hex characters they can replace. */
export function generateClientSeed(): string {
  return randomBytes(10).toString('hex');
}

export function createSeedPair(clientSeed: string = generateClientSeed()): SeedPair {
  assertClientSeed(clientSeed);
  const serverSeed = generateServerSeed();
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed, nonce: 0 };
}

/**
 * Retire a seed pair: its server seed is revealed (with the nonce reached, i.e. rounds played) and a
 * new secret server seed is committed with nonce 0, under the same or a new client seed.
 */
export function rotate(
  pair: SeedPair,
  clientSeed: string = pair.clientSeed,
): { revealed: SeedPair; next: SeedPair } {
  const next = createSeedPair(clientSeed);
  return { revealed: { ...pair }, next };
}
