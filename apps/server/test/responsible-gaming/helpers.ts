import { randomUUID } from 'node:crypto';
import type { SetLimit } from '@paws/contracts/responsible-gaming';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import type { Browser, IdentityTestApp } from '../identity/helpers.ts';
import { signedInPlayer } from '../payments/helpers.ts';
import { txId, walletCall } from '../wallet/helpers.ts';

export const LIMITS = '/api/platform/profile/responsible-gaming';
export const HOUR = 3_600_000;

export const setLimit = (b: Browser, body: SetLimit | Record<string, unknown>) =>
  b.send({ method: 'PUT', url: `${LIMITS}/limits`, payload: body as object });

/** A signed-in player with USD in the wallet (minor units) and a game session for the wallet contract. */
export async function fundedPlayer(ctx: IdentityTestApp, minor = 100_00) {
  const { b, userId } = await signedInPlayer(ctx);
  await ctx.app.wallet.deposit({ userId, currency: 'USD', amount: minor, key: `fund-${randomUUID()}` });
  const { token } = await ctx.app.wallet.createGameSession({
    userId,
    currency: 'USD',
    gameCode: 'roulette',
    providerCode: STUDIO_PROVIDER.code,
  });
  const contract = ctx as unknown as Parameters<typeof walletCall>[0];
  const bet = (amount: number, transactionId = txId('bet')) =>
    walletCall(contract, 'bet', {
      transactionId,
      roundId: `round-${transactionId}`,
      sessionToken: token,
      userId,
      currency: 'USD',
      amount,
      gameCode: 'roulette',
    });
  const win = (amount: number, betId: string) =>
    walletCall(contract, 'win', {
      transactionId: txId('win'),
      roundId: `round-${betId}`,
      sessionToken: token,
      userId,
      currency: 'USD',
      amount,
      gameCode: 'roulette',
      referenceTransactionId: betId,
    });
  return { b, userId, token, bet, win };
}
