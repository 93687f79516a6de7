import type { GameInfo, StudioGameCode } from '@paws/contracts/studio';
import {
  rouletteBetsRequestSchema,
  rouletteBetsResponseSchema,
  rouletteTableSchema,
  studioApiMessages,
  studioBaccaratRequestSchema,
  studioBalanceResponseSchema,
  studioBlackjackActionRequestSchema,
  studioBlackjackDealRequestSchema,
  studioEngineGame,
  studioFairnessResponseSchema,
  studioGameInfoResponseSchema,
  studioGameParamsSchema,
  studioKenoRequestSchema,
  studioRotateRequestSchema,
  studioRotateResponseSchema,
  studioRoundResponseSchema,
  studioRoundsQuerySchema,
  studioRoundsResponseSchema,
  studioSessionRequestSchema,
  studioSessionResponseSchema,
  studioSlotRequestSchema,
  studioVerifyRequestSchema,
  studioVerifyResponseSchema,
  studioVideoPokerDealRequestSchema,
  studioVideoPokerDrawRequestSchema,
} from '@paws/contracts/studio-api';
import { baccaratInfo } from '@paws/studio-engine/games/baccarat';
import { blackjackInfo } from '@paws/studio-engine/games/blackjack';
import { kenoInfo } from '@paws/studio-engine/games/keno';
import { ROULETTE_TABLE_CLIENT_SEED, rouletteInfo } from '@paws/studio-engine/games/roulette';
import { slotInfo } from '@paws/studio-engine/games/slot';
import { videoPokerInfo } from '@paws/studio-engine/games/video-poker';
import { verify } from '@paws/studio-engine/verify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { RouletteTableDriver } from './roulette-table.ts';
import { asAppError, type StudioService, type StudioSession } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    studioSession: StudioSession | null;
  }
}

const infos: Record<StudioGameCode, GameInfo> = {
  roulette: rouletteInfo,
  blackjack: blackjackInfo,
  baccarat: baccaratInfo,
  'video-poker': videoPokerInfo,
  slot: slotInfo,
  keno: kenoInfo,
};

export interface StudioRoutesOptions {
  studio: StudioService;
  table: RouletteTableDriver;
}

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
};

/** The live table's public seed: its hash, the table's client seed, the current round number as nonce. */
async function tableFairness(table: RouletteTableDriver) {
  const state = await table.state();
  if (!state) throw notFound('The table is opening, try again in a moment');
  return {
    serverSeedHash: state.serverSeedHash,
    clientSeed: ROULETTE_TABLE_CLIENT_SEED,
    nonce: state.roundNumber,
  };
}

function sessionOf(request: FastifyRequest): StudioSession {
  if (!request.studioSession) throw unauthorized(studioApiMessages.sessionRequired);
  return request.studioSession;
}

/** The studio's API for the game pages (see packages/contracts/src/studio-api.ts). */
export async function studioRoutes(root: FastifyInstance, { studio, table }: StudioRoutesOptions) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('studioSession', null);

  app.post(
    '/session',
    { schema: { body: studioSessionRequestSchema, response: { 201: studioSessionResponseSchema } } },
    async (request, reply) => {
      const { token, session, balance, fairness, hostOrigin } = await studio.openSession(
        request.body.launch,
        request.body.host,
      );
      const fair = fairness ?? (await tableFairness(table));
      return reply.code(201).send({
        sessionToken: token,
        game: session.game,
        currency: session.currency,
        balance,
        player: { username: session.username },
        fairness: fair,
        hostOrigin,
      });
    },
  );

  app.get(
    '/games/:gameCode/info',
    { schema: { params: studioGameParamsSchema, response: { 200: studioGameInfoResponseSchema } } },
    async (request) => {
      const info = infos[studioEngineGame[request.params.gameCode]];
      return {
        game: request.params.gameCode,
        name: info.name,
        rtp: info.rtp,
        rtpNote: info.rtpNote,
        rules: info.rules,
        paytable: info.paytables,
      };
    },
  );

  // A replay by the server, kept for API clients; the verify page recomputes rounds in the browser
  // with @paws/studio-engine and does not call it.
  app.post(
    '/verify',
    { schema: { body: studioVerifyRequestSchema, response: { 200: studioVerifyResponseSchema } } },
    async (request) => {
      const { game, serverSeed, clientSeed, nonce, input } = request.body;
      try {
        const engineGame = studioEngineGame[game];
        const out = verify(serverSeed, clientSeed, nonce, engineGame, (input ?? {}) as never);
        return { serverSeedHash: out.serverSeedHash, result: out.result };
      } catch (err) {
        throw asAppError(err);
      }
    },
  );

  app.get('/european-roulette/state', { schema: { response: { 200: rouletteTableSchema } } }, async () => {
    const state = await table.state();
    if (!state) throw notFound('The table is opening, try again in a moment');
    return state;
  });

  // Everything below needs the page's session.
  await app.register(async (scope) => {
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.addHook('onRequest', async (request) => {
      const session = await studio.findSession(bearer(request));
      if (!session) throw unauthorized(studioApiMessages.sessionRequired);
      request.studioSession = session;
    });

    s.get('/balance', { schema: { response: { 200: studioBalanceResponseSchema } } }, async (request) => {
      const session = sessionOf(request);
      const spins = session.extraSessions.FREE_SPINS;
      const [balance, freeSpins] = await Promise.all([
        studio.walletBalance(session),
        spins
          ? studio.walletBalance({ ...session, walletSessionToken: spins, currency: 'FREE_SPINS' })
          : undefined,
      ]);
      return { currency: session.currency, balance, ...(freeSpins !== undefined && { freeSpins }) };
    });

    s.get('/fairness', { schema: { response: { 200: studioFairnessResponseSchema } } }, async (request) => {
      const session = sessionOf(request);
      return session.game === 'european-roulette' ? tableFairness(table) : studio.fairness(session);
    });

    s.post(
      '/fairness/rotate',
      { schema: { body: studioRotateRequestSchema, response: { 201: studioRotateResponseSchema } } },
      async (request, reply) =>
        reply.code(201).send(await studio.rotateSeed(sessionOf(request), request.body.clientSeed)),
    );

    const round = { 201: studioRoundResponseSchema };

    s.post(
      '/baccarat/play',
      { schema: { body: studioBaccaratRequestSchema, response: round } },
      async (request, reply) =>
        reply.code(201).send(await studio.playBaccaratRound(sessionOf(request), request.body)),
    );

    s.post(
      '/wild-paws/spin',
      { schema: { body: studioSlotRequestSchema, response: round } },
      async (request, reply) => reply.code(201).send(await studio.spinSlot(sessionOf(request), request.body)),
    );

    s.post(
      '/loto/play',
      { schema: { body: studioKenoRequestSchema, response: round } },
      async (request, reply) =>
        reply.code(201).send(await studio.playKenoRound(sessionOf(request), request.body)),
    );

    s.post(
      '/blackjack/deal',
      { schema: { body: studioBlackjackDealRequestSchema, response: round } },
      async (request, reply) =>
        reply.code(201).send(await studio.dealBlackjack(sessionOf(request), request.body.amount)),
    );

    s.post(
      '/blackjack/action',
      { schema: { body: studioBlackjackActionRequestSchema, response: round } },
      async (request, reply) =>
        reply
          .code(201)
          .send(await studio.blackjackAction(sessionOf(request), request.body.roundId, request.body.action)),
    );

    s.post(
      '/video-poker/deal',
      { schema: { body: studioVideoPokerDealRequestSchema, response: round } },
      async (request, reply) =>
        reply.code(201).send(await studio.dealVideoPoker(sessionOf(request), request.body.amount)),
    );

    s.post(
      '/video-poker/draw',
      { schema: { body: studioVideoPokerDrawRequestSchema, response: round } },
      async (request, reply) =>
        reply
          .code(201)
          .send(await studio.videoPokerDraw(sessionOf(request), request.body.roundId, request.body.held)),
    );

    s.get(
      '/rounds',
      { schema: { querystring: studioRoundsQuerySchema, response: { 200: studioRoundsResponseSchema } } },
      async (request) => ({ rounds: await studio.rounds(sessionOf(request), request.query) }),
    );

    s.post(
      '/european-roulette/bets',
      { schema: { body: rouletteBetsRequestSchema, response: { 201: rouletteBetsResponseSchema } } },
      async (request, reply) =>
        reply
          .code(201)
          .send(await table.placeBets(sessionOf(request), request.body.roundNumber, request.body.bets)),
    );
  });
}
