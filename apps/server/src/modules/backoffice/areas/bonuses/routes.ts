import { apiErrorSchema } from '@paws/contracts/errors';
import {
  bonusRuleIdParamsSchema,
  bonusRuleUpdateSchema,
  promoCodeCreateSchema,
  promoCodeIdParamsSchema,
  promoCodeListQuerySchema,
  promoCodeUpdateSchema,
  staffBonusRuleSchema,
  staffBonusRulesSchema,
  staffPromoCodePageSchema,
  staffPromoCodeSchema,
} from '@paws/contracts/staff-promotions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendList } from '../../../../lib/staff-lists.ts';
import { actorOf } from '../../../staff/index.ts';
import type { AreaOptions } from '../../deps.ts';

const tags = ['staff'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Bonus rules and promo codes, under /api/staff/bonuses. */
export async function bonusesRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get(
    '/rules',
    {
      schema: {
        tags,
        summary: 'Every bonus rule, in display order',
        response: { 200: staffBonusRulesSchema },
      },
    },
    async () => ({ items: await deps.bonuses.listRules() }),
  );

  route.patch(
    '/rules/:id',
    {
      schema: {
        tags,
        summary:
          "Changes a bonus rule's name, reward, target, active flag or order; audited (bonus_rule.update)",
        params: bonusRuleIdParamsSchema,
        body: bonusRuleUpdateSchema,
        response: { 200: staffBonusRuleSchema, ...errors },
      },
    },
    async (request) => deps.bonuses.updateRule(actorOf(request), request.params.id, request.body),
  );

  route.get(
    '/promo-codes',
    {
      schema: {
        tags,
        summary: 'Promo codes, filtered by code prefix, status and reward currency; CSV with format=csv',
        querystring: promoCodeListQuerySchema,
        response: { 200: staffPromoCodePageSchema.or(z.string()), ...errors },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => deps.bonuses.listPromoCodes(request.query, page, limit),
        {
          name: 'promo-codes',
          columns: [
            { header: 'Code', value: (row) => row.code },
            { header: 'Reward currency', value: (row) => row.rewardCurrency },
            { header: 'Amount', value: (row) => row.amount },
            { header: 'Expires at', value: (row) => row.expiresAt },
            { header: 'Maximum uses', value: (row) => row.maxUses },
            { header: 'Uses', value: (row) => row.usesCount },
            { header: 'Status', value: (row) => row.status },
            { header: 'Created by', value: (row) => row.createdBy },
            { header: 'Created at', value: (row) => row.createdAt },
          ],
        },
      ),
  );

  route.post(
    '/promo-codes',
    {
      schema: {
        tags,
        summary: 'Creates a promo code (409 when the code exists); audited (promo_code.create)',
        body: promoCodeCreateSchema,
        response: { 201: staffPromoCodeSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await deps.bonuses.createPromoCode(actorOf(request), request.body)),
  );

  route.patch(
    '/promo-codes/:id',
    {
      schema: {
        tags,
        summary: 'Switches a promo code off (or on again); audited (promo_code.update)',
        params: promoCodeIdParamsSchema,
        body: promoCodeUpdateSchema,
        response: { 200: staffPromoCodeSchema, ...errors },
      },
    },
    async (request) =>
      deps.bonuses.setPromoCodeActive(actorOf(request), request.params.id, request.body.active),
  );
}
