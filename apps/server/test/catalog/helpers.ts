import type { Game } from '@paws/contracts/catalog';
import type { GameProvider } from '../../src/modules/catalog/providers.ts';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  PLATFORM_HOST,
  signUpByEmail,
} from '../identity/helpers.ts';

export const CATALOG = '/api/platform/catalog';

export type CatalogTestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;

/** The real app (seeded: the studio and its six games) on a fresh database. */
export const createCatalogTestApp = () => createIdentityTestApp();

/** A new player signed in on the platform origin. */
export async function signedInPlayer(ctx: CatalogTestApp): Promise<Browser> {
  const b = browser(ctx.app, PLATFORM_HOST);
  await signUpByEmail(ctx.app, b);
  return b;
}

export const gamesOf = (body: string) => JSON.parse(body) as Game[];
export const codesOf = (body: string) => gamesOf(body).map((g) => g.gameCode);

/**
 * A stand-in for an external provider's launch adapter (the studio's real one registers under the same
 * code once it is built): records what it was asked and answers a recognisable address.
 */
export function fakeProvider(code: string) {
  const calls: Array<Parameters<GameProvider['launchUrl']>[0]> = [];
  const provider: GameProvider = {
    code,
    async launchUrl(input) {
      calls.push(input);
      return `${input.origin}/fake/${input.gameCode}.html?session=${input.sessionToken}`;
    },
  };
  return { provider, calls };
}
