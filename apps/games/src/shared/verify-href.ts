// Kept apart from verify-link.ts (which needs zod for a recorded round) so a game page links a revealed
// seed pair to the verify page without loading zod.
import type { StudioApiGameCode } from '@paws/contracts/studio-api';

export interface SeedPair {
  game: StudioApiGameCode;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  input?: unknown;
}

export function verifyParams(source: Omit<SeedPair, 'input'>, input: unknown): URLSearchParams {
  const params = new URLSearchParams({
    game: source.game,
    clientSeed: source.clientSeed,
    nonce: String(source.nonce),
  });
  if (source.serverSeed) params.set('serverSeed', source.serverSeed);
  if (input !== undefined) params.set('input', JSON.stringify(input));
  return params;
}

/** The verify page's address for a seed pair, its input filled in. */
export function seedPairVerifyHref(source: SeedPair): string {
  return `./verify.html?${verifyParams(source, source.input)}`;
}
