import type { WalletService } from '../../apps/server/src/modules/wallet/service.ts';
import { STUDIO_PROVIDER } from '../../apps/server/src/modules/wallet/signature.ts';

export interface FundedPlayer {
  userId: string;
  /** A game session of the studio, in USD. */
  token: string;
}

/** Each player with 1,000,000.00 USD and a studio game session, fifty at a time. */
export async function fundPlayers(wallet: WalletService, userIds: string[]): Promise<FundedPlayer[]> {
  const players: FundedPlayer[] = [];
  for (let i = 0; i < userIds.length; i += 50) {
    players.push(
      ...(await Promise.all(
        userIds.slice(i, i + 50).map(async (userId) => {
          await wallet.deposit({ userId, currency: 'USD', amount: 100_000_000, key: `bench-${userId}` });
          const { token } = await wallet.createGameSession({
            userId,
            currency: 'USD',
            gameCode: 'bench',
            providerCode: STUDIO_PROVIDER.code,
          });
          return { userId, token };
        }),
      )),
    );
  }
  return players;
}
