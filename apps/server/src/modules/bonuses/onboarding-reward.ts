import { apiErrorSchema } from '@paws/contracts/errors';
import {
  ONBOARDING_REWARD_CURRENCY,
  ONBOARDING_REWARD_POINTS,
  type OnboardingRewardResponse,
  onboardingMessages,
} from '@paws/contracts/onboarding';
import { fromMinor } from '@paws/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordEvent } from '../../core/events/record.ts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { userOf } from '../identity/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { type BonusRuleRow, bonusRules, userBonuses } from './schema.ts';

/**
 * The tour's reward is a rule row like every bonus (its name and amount are data), but it is claimed, not
 * evaluated: it stays inactive, so the engine never credits it and the welcome-task list (which reads in
 * dollars) never shows it; the player's bonus history lists it like any credited bonus.
 */
export const onboardingRewardRule = {
  code: 'onboarding-tour',
  nameKey: 'onboarding-tour',
  name: 'Onboarding reward',
  kind: 'ONBOARDING',
  task: 'ONBOARDING_TOUR',
  rewardMinor: ONBOARDING_REWARD_POINTS * 100,
  rewardCurrency: ONBOARDING_REWARD_CURRENCY,
  active: false,
  sortOrder: 60,
} as const satisfies typeof bonusRules.$inferInsert;

const ONCE = 'once';

export function createOnboardingReward({
  db,
  wallet,
  accounts,
}: {
  db: Db;
  wallet: Pick<WalletService, 'ensureAccounts' | 'bonusCredit'>;
  accounts: { accountOf(userId: string): Promise<{ username: string | null } | undefined> };
}) {
  let rule: Promise<BonusRuleRow> | undefined;
  function ruleRow() {
    rule ??= (async () => {
      await db
        .insert(bonusRules)
        .values(onboardingRewardRule)
        .onConflictDoNothing({ target: bonusRules.code });
      const [row] = await db.select().from(bonusRules).where(eq(bonusRules.code, onboardingRewardRule.code));
      if (!row) throw new Error('The onboarding reward rule is missing');
      return row;
    })().catch((err) => {
      rule = undefined;
      throw err;
    });
    return rule;
  }

  const response = (row: BonusRuleRow, claimed: boolean): OnboardingRewardResponse => ({
    claimed,
    amount: fromMinor(row.rewardMinor, ONBOARDING_REWARD_CURRENCY),
    currencyCode: ONBOARDING_REWARD_CURRENCY,
  });

  async function claimedBy(userId: string, row: BonusRuleRow) {
    const count = await db.$count(
      userBonuses,
      and(eq(userBonuses.userId, userId), eq(userBonuses.ruleId, row.id), eq(userBonuses.periodKey, ONCE)),
    );
    return count > 0;
  }

  return {
    async status(userId: string) {
      const row = await ruleRow();
      return response(row, await claimedBy(userId, row));
    },

    /**
     * Credits the reward once per player, after a username exists. The bonus row's unique (player, rule,
     * period) key and the ledger's unique reference `bonus:onboarding:<userId>` both hold it to one credit,
     * however many tabs claim at once; a repeated claim answers the same result and moves nothing.
     */
    async claim(userId: string): Promise<OnboardingRewardResponse> {
      const account = await accounts.accountOf(userId);
      if (!account?.username) throw conflict(onboardingMessages.usernameMissing, 'username');
      const row = await ruleRow();
      await wallet.ensureAccounts(userId);
      await db.transaction(async (tx) => {
        const [bonus] = await tx
          .insert(userBonuses)
          .values({
            userId,
            ruleId: row.id,
            periodKey: ONCE,
            amountMinor: row.rewardMinor,
            currency: ONBOARDING_REWARD_CURRENCY,
          })
          .onConflictDoNothing()
          .returning({ id: userBonuses.id });
        if (!bonus) return;
        await wallet.bonusCredit(
          {
            userId,
            currency: ONBOARDING_REWARD_CURRENCY,
            amount: row.rewardMinor,
            key: `onboarding:${userId}`,
            metadata: { rule: row.code, periodKey: ONCE },
          },
          tx,
        );
        await recordEvent(tx, 'bonuses.credited', {
          userId,
          ruleName: row.name,
          ruleKey: row.nameKey,
          amount: row.rewardMinor,
          currency: ONBOARDING_REWARD_CURRENCY,
        });
      });
      return response(row, true);
    },
  };
}
export type OnboardingReward = ReturnType<typeof createOnboardingReward>;

const onboardingRewardResponseSchema = z.object({
  claimed: z.boolean(),
  amount: z.number(),
  currencyCode: z.literal(ONBOARDING_REWARD_CURRENCY),
}) satisfies z.ZodType<OnboardingRewardResponse>;

/** GET and POST /api/bonuses/onboarding-reward: whether the tour's reward is claimed, and the claim. */
export const onboardingRewardRoutes: FastifyPluginAsyncZod = async (app) => {
  const reward = createOnboardingReward({ db: app.database.db, wallet: app.wallet, accounts: app.identity });
  const tags = ['bonuses'];

  app.get(
    '/onboarding-reward',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Whether the onboarding tour's reward (100 PAWS) is claimed",
        response: { 200: onboardingRewardResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reward.status(userOf(request).id);
    },
  );

  app.post(
    '/onboarding-reward',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Claims the onboarding tour's reward: 100 PAWS once per player, after a username is chosen",
        response: {
          200: onboardingRewardResponseSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => reward.claim(userOf(request).id),
  );
};
