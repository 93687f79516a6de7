import {
  playerBetsPageSchema,
  playerBetsQuerySchema,
  playerBonusesPageSchema,
  playerBonusesQuerySchema,
  playerIdParamsSchema,
  playerLedgerPageSchema,
  playerLedgerQuerySchema,
  playerPaymentsPageSchema,
  playerPaymentsQuerySchema,
  playerProfileSchema,
  playerSessionsPageSchema,
  playerSessionsQuerySchema,
  playerSignInsPageSchema,
  playerSignInsQuerySchema,
  playersPageSchema,
  playersQuerySchema,
  playerVerificationsPageSchema,
  playerVerificationsQuerySchema,
  verificationDocumentParamsSchema,
} from '@paws/contracts/staff-players';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendList } from '../../../../lib/staff-lists.ts';
import type { AreaOptions } from '../../deps.ts';
import { playerActionRoutes } from './actions.ts';
import { createPlayersDesk } from './desk.ts';
import { playerSecurityRoutes } from './security-routes.ts';
import { playerTimelineRoutes } from './timeline-routes.ts';

const tags = ['staff: players'];
const params = playerIdParamsSchema;

/**
 * The Players area under /api/staff/players: search, the player page's sections (CSV for every list), staff
 * notes, and the actions on a player (ban, unban, sign out everywhere), each audited in its transaction.
 */
export async function playersRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const desk = createPlayersDesk({ ...deps, db: app.database.db, platformUrl: app.env.PLATFORM_URL });

  route.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Players by id (exact), e-mail, phone or username (any part); CSV with format=csv',
        querystring: playersQuerySchema,
        response: { 200: playersPageSchema },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => deps.identity.searchPlayers({ ...request.query, page, limit }),
        {
          name: 'players',
          columns: [
            { header: 'id', value: (row) => row.id },
            { header: 'email', value: (row) => row.email },
            { header: 'phone', value: (row) => row.phone },
            { header: 'username', value: (row) => row.username },
            { header: 'role', value: (row) => row.role },
            { header: 'verificationType', value: (row) => row.verificationType },
            { header: 'banned', value: (row) => row.banned },
            { header: 'createdAt', value: (row) => row.createdAt },
          ],
        },
      ),
  );

  route.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'The player: profile, staff roles, bans and balances per currency',
        params,
        response: { 200: playerProfileSchema },
      },
    },
    async (request) => desk.profile(request.params.id),
  );

  route.get(
    '/:id/ledger',
    {
      schema: {
        tags,
        summary: "The player's ledger entries (signed change of the balance); CSV with format=csv",
        params,
        querystring: playerLedgerQuerySchema,
        response: { 200: playerLedgerPageSchema },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => desk.ledger(request.params.id, { ...request.query, page, limit }),
        {
          name: `player-${request.params.id}-ledger`,
          columns: [
            { header: 'createdAt', value: (row) => row.createdAt },
            { header: 'transactionId', value: (row) => row.transactionId },
            { header: 'kind', value: (row) => row.kind },
            { header: 'reference', value: (row) => row.reference },
            { header: 'currency', value: (row) => row.currencyCode },
            { header: 'amount', value: (row) => row.amount },
            { header: 'balanceAfter', value: (row) => row.balanceAfter },
          ],
        },
      ),
  );

  route.get(
    '/:id/bets',
    {
      schema: {
        tags,
        summary:
          "The player's rounds with every provider: stake, win and the fairness check; CSV with format=csv",
        params,
        querystring: playerBetsQuerySchema,
        response: { 200: playerBetsPageSchema },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => desk.bets(request.params.id, { ...request.query, page, limit }),
        {
          name: `player-${request.params.id}-bets`,
          columns: [
            { header: 'createdAt', value: (row) => row.createdAt },
            { header: 'roundId', value: (row) => row.roundId },
            { header: 'provider', value: (row) => row.providerName },
            { header: 'game', value: (row) => row.gameCode },
            { header: 'currency', value: (row) => row.currencyCode },
            { header: 'stake', value: (row) => row.stake },
            { header: 'win', value: (row) => row.win },
            { header: 'rolledBack', value: (row) => row.rolledBack },
            { header: 'verifyUrl', value: (row) => row.verifyUrl },
          ],
        },
      ),
  );

  route.get(
    '/:id/payments',
    {
      schema: {
        tags,
        summary: "The player's deposits and withdrawals; CSV with format=csv",
        params,
        querystring: playerPaymentsQuerySchema,
        response: { 200: playerPaymentsPageSchema },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => desk.payments(request.params.id, { ...request.query, page, limit }),
        {
          name: `player-${request.params.id}-payments`,
          columns: [
            { header: 'createdAt', value: (row) => row.createdAt },
            { header: 'id', value: (row) => row.id },
            { header: 'type', value: (row) => row.type },
            { header: 'status', value: (row) => row.status },
            { header: 'amount', value: (row) => row.amount },
            { header: 'currency', value: (row) => row.currencyCode },
            { header: 'method', value: (row) => row.paymentMethod },
            { header: 'provider', value: (row) => row.provider },
            { header: 'providerReference', value: (row) => row.providerReference },
          ],
        },
      ),
  );

  route.get(
    '/:id/bonuses',
    {
      schema: {
        tags,
        summary: 'The bonuses credited to the player; CSV with format=csv',
        params,
        querystring: playerBonusesQuerySchema,
        response: { 200: playerBonusesPageSchema },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => desk.bonuses(request.params.id, { ...request.query, page, limit }),
        {
          name: `player-${request.params.id}-bonuses`,
          columns: [
            { header: 'createdAt', value: (row) => row.createdAt },
            { header: 'id', value: (row) => row.id },
            { header: 'rule', value: (row) => row.ruleName },
            { header: 'kind', value: (row) => row.kind },
            { header: 'period', value: (row) => row.periodKey },
            { header: 'amount', value: (row) => row.amount },
            { header: 'currency', value: (row) => row.currencyCode },
          ],
        },
      ),
  );

  route.get(
    '/:id/verifications',
    {
      schema: {
        tags,
        summary: "The player's identity verifications and the documents handed in; CSV with format=csv",
        params,
        querystring: playerVerificationsQuerySchema,
        response: { 200: playerVerificationsPageSchema },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => desk.verifications(request.params.id, { ...request.query, page, limit }),
        {
          name: `player-${request.params.id}-verifications`,
          columns: [
            { header: 'createdAt', value: (row) => row.createdAt },
            { header: 'id', value: (row) => row.id },
            { header: 'provider', value: (row) => row.provider },
            { header: 'status', value: (row) => row.status },
            { header: 'result', value: (row) => row.result },
            { header: 'submittedAt', value: (row) => row.submittedAt },
            { header: 'document', value: (row) => row.document?.name },
          ],
        },
      ),
  );

  route.get(
    '/:id/verifications/:sessionId/document',
    {
      schema: {
        tags,
        summary: "A verification's document (staff only, never cached)",
        params: verificationDocumentParamsSchema,
      },
    },
    async (request, reply) => {
      const document = await desk.document(request.params.id, request.params.sessionId);
      const name = document.name.replace(/[^\w. -]/g, '_');
      // As the verification queue serves it: images inline (they run nothing), a PDF downloaded.
      const disposition = document.type === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', document.type)
        .header('content-disposition', `${disposition}; filename="${name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'")
        .send(document.data);
    },
  );

  route.get(
    '/:id/sessions',
    {
      schema: {
        tags,
        summary: "The player's sessions and devices (one per sign-in); CSV with format=csv",
        params,
        querystring: playerSessionsQuerySchema,
        response: { 200: playerSessionsPageSchema },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => desk.sessions(request.params.id, { ...request.query, page, limit }),
        {
          name: `player-${request.params.id}-sessions`,
          columns: [
            { header: 'id', value: (row) => row.id },
            { header: 'createdAt', value: (row) => row.createdAt },
            { header: 'lastUsedAt', value: (row) => row.lastUsedAt },
            { header: 'active', value: (row) => row.active },
            { header: 'revokedAt', value: (row) => row.revokedAt },
            { header: 'ip', value: (row) => row.ip },
            { header: 'userAgent', value: (row) => row.userAgent },
            { header: 'newDevice', value: (row) => row.newDevice },
          ],
        },
      ),
  );

  route.get(
    '/:id/sign-ins',
    {
      schema: {
        tags,
        summary: "The player's sign-in history (successes and refused log-ins); CSV with format=csv",
        params,
        querystring: playerSignInsQuerySchema,
        response: { 200: playerSignInsPageSchema },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => desk.signIns(request.params.id, { ...request.query, page, limit }),
        {
          name: `player-${request.params.id}-sign-ins`,
          columns: [
            { header: 'at', value: (row) => row.at },
            { header: 'success', value: (row) => row.success },
            { header: 'failure', value: (row) => row.failure },
            { header: 'ip', value: (row) => row.ip },
            { header: 'userAgent', value: (row) => row.userAgent },
            { header: 'newDevice', value: (row) => row.newDevice },
          ],
        },
      ),
  );

  playerActionRoutes(app, deps, desk);
  playerTimelineRoutes(app, deps, desk);
  playerSecurityRoutes(app, deps);
}
