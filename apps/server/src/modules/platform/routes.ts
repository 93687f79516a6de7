import { userDataSchema } from '@paws/contracts/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/authenticate.ts';

/** The platform service. For now only the signed-in player's data; the wallet adds the balances. */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return { user: await app.identity.userData(userOf(request).id), balances: [] };
    },
  );
};
