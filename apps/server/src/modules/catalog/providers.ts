/**
 * A game provider as the catalogue sees it: it turns an operator game session (the wallet's session
 * token, which the provider later presents on every bet and win) into the address the game frame opens.
 * Our studio is one; a third-party provider is added by registering another with the same contract.
 */
export interface GameProvider {
  code: string;
  launchUrl(input: {
    sessionToken: string;
    gameCode: string;
    currency: string;
    /** Origin the frame is opened from; the provider's page is served there. */
    origin: string;
  }): Promise<string>;
}

export class GameProviderRegistry {
  readonly #providers = new Map<string, GameProvider>();
  register(provider: GameProvider) {
    this.#providers.set(provider.code, provider);
  }
  get(code: string) {
    return this.#providers.get(code);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    gameProviders: GameProviderRegistry;
  }
}
