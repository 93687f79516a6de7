import { hasPermission } from '@paws/contracts/staff-permissions';
import {
  STAFF_SEARCH_GROUP_LIMIT,
  type StaffSearchResult,
  type StaffSearchTransaction,
  staffSearchQuerySchema,
  staffSearchResultSchema,
} from '@paws/contracts/staff-search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createPaymentsPlayerReads } from '../../../payments/index.ts';
import { staffOf } from '../../../staff/index.ts';
import { createWalletPlayerReads } from '../../../wallet/index.ts';
import type { AreaOptions } from '../../deps.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/staff/search?q=: one box on every back-office page. Players and transactions for those who read
 * players, tickets for those who answer them; a group the staff member may not open stays empty. A
 * transaction is found by its whole id only (ids are not words).
 */
export async function searchRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const payments = createPaymentsPlayerReads(app.database.db);
  const wallet = createWalletPlayerReads(app.database.db);

  async function transactionsById(id: string): Promise<StaffSearchTransaction[]> {
    if (!UUID.test(id)) return [];
    const [payment, movement] = await Promise.all([
      payments.paymentById(id),
      wallet.ledgerTransactionById(id),
    ]);
    const found: StaffSearchTransaction[] = [];
    if (payment) found.push({ ...payment, source: 'payment', kind: payment.type });
    if (movement) found.push({ ...movement, source: 'ledger', status: null });
    return found;
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Search from every page: players (id, e-mail, username, phone), tickets (id, subject, requester), a payment or ledger transaction by id',
        querystring: staffSearchQuerySchema,
        response: { 200: staffSearchResultSchema },
      },
    },
    async (request, reply): Promise<StaffSearchResult> => {
      reply.header('cache-control', 'no-store');
      const staff = staffOf(request);
      const { q } = request.query;
      const readsPlayers = hasPermission(staff.roles, 'players.read');
      const answersTickets = hasPermission(staff.roles, 'tickets.answer');
      const page = { page: 1, limit: STAFF_SEARCH_GROUP_LIMIT };
      const [players, tickets, transactions] = await Promise.all([
        readsPlayers
          ? deps.identity
              .searchPlayers({ q, ...page, sort: 'createdAt', order: 'desc' })
              .then((found) => found.items)
          : [],
        answersTickets
          ? deps.ticketDesk
              .queue({ search: q, ...page, sort: 'createdAt', order: 'desc' }, staff.id)
              .then((found) =>
                found.items.map((ticket) => ({
                  id: ticket.id,
                  subject: ticket.subject,
                  status: ticket.status,
                  category: ticket.category,
                  requesterEmail: ticket.requester.email,
                  createdAt: ticket.createdAt,
                })),
              )
          : [],
        readsPlayers ? transactionsById(q) : [],
      ]);
      return { players, tickets, transactions };
    },
  );
}
