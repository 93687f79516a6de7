import { userDataSchema } from '@paws/contracts/profile';
import { currencies } from '@paws/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../identity/index.ts';
import { historyRoutes } from './history.ts';

/** The platform service: the signed-in player's data with the wallet's balances (the catalogue has its own routes). */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(historyRoutes);

  app.get(
    '/profile/user-data',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['platform'],
        summary: 'The signed-in player: account fields, avatar links, flags and balances',
        response: { 200: userDataSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const signedIn = userOf(request);
      const [user, balances] = await Promise.all([
        // The session check has just read the account and the ban (app.authenticate): not read twice.
        app.identity.signedInUserData(signedIn),
        app.wallet.balances(signedIn.id),
      ]);
      return {
        user,
        balances: balances.map(({ currencyCode, amount }) => ({
          currencyCode,
          amount,
          currency: { symbol: currencies[currencyCode].symbol },
        })),
      };
    },
  );
};
