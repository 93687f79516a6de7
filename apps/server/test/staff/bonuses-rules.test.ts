import { randomUUID } from 'node:crypto';
import { bonusRuleMessages, type StaffBonusRule } from '@paws/contracts/staff-promotions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { userBonuses } from '../../src/modules/bonuses/schema.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import type { StaffSession } from '../helpers/staff.ts';
import type { IdentityTestApp } from '../identity/helpers.ts';
import { deposit, eventually, signedInPlayer } from '../payments/helpers.ts';
import { ledgerProblems, noProblems } from '../wallet/helpers.ts';
import { API, createBonusesTestApp } from './bonuses-helpers.ts';

let ctx: IdentityTestApp;
let finance: StaffSession;
let support: StaffSession;

beforeAll(async () => {
  ({ ctx, finance, support } = await createBonusesTestApp());
});
afterAll(() => ctx?.close());

const db = () => ctx.app.database.db;

describe('bonus rules', () => {
  const rules = async (session: StaffSession) => {
    const res = await session.inject({ method: 'GET', url: `${API}/rules` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: StaffBonusRule[] }).items;
  };
  const ruleByCode = async (code: string) => (await rules(finance)).find((rule) => rule.code === code)!;

  it('lists every rule with its figures in dollars; support reads, only finance and admin write', async () => {
    const list = await rules(support);
    expect(list.find((rule) => rule.code === 'weekly-bets')).toMatchObject({
      name: 'Weekly bonus',
      kind: 'WEEKLY',
      targetAmount: 500,
      rewardAmount: 10,
      rewardCurrency: 'BONUS_USD',
      active: true,
    });
    expect(list.find((rule) => rule.code === 'daily-7-days')?.targetAmount).toBeNull();
    const refused = await support.inject({
      method: 'PATCH',
      url: `${API}/rules/${list[0]!.id}`,
      payload: { rewardAmount: 1 },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('an edit counts from the next evaluation, and is audited with the rule before and after', async () => {
    const weekly = await ruleByCode('weekly-bets');
    const res = await finance.inject({
      method: 'PATCH',
      url: `${API}/rules/${weekly.id}`,
      payload: { targetAmount: 10, rewardAmount: 3.5, name: 'Weekly sprint' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ targetAmount: 10, rewardAmount: 3.5, name: 'Weekly sprint' });

    // A player staking $10 now reaches the new target and gets the new reward.
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 50);
    const session = await ctx.app.wallet.createGameSession({
      userId,
      currency: 'USD',
      gameCode: 'european-roulette',
      providerCode: STUDIO_PROVIDER.code,
    });
    const roundId = randomUUID();
    await ctx.app.wallet.bet({
      providerCode: STUDIO_PROVIDER.code,
      transactionId: `bet-${roundId}`,
      roundId,
      sessionToken: session.token,
      userId,
      currency: 'USD',
      amount: 10_00,
      gameCode: 'european-roulette',
    });
    const credited = await eventually(async () => {
      const [row] = await db()
        .select()
        .from(userBonuses)
        .where(and(eq(userBonuses.userId, userId), eq(userBonuses.ruleId, weekly.id)));
      expect(row).toBeDefined();
      return row!;
    });
    expect(credited.amountMinor).toBe(3_50);
    const overview = (await b.get('/api/bonuses/profile/bonuses')).json();
    expect(overview.activityBonuses.everyWeek).toMatchObject({
      presentationRuleName: 'Weekly sprint',
      targetAmount: 10,
      amount: 3.5,
      credited: true,
    });

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bonus_rule.update'), eq(auditLog.targetId, weekly.id)));
    expect(audit).toMatchObject({
      actorId: finance.userId,
      actorRoles: ['finance'],
      targetType: 'bonus_rule',
      before: { targetAmount: 500, rewardAmount: 10, name: 'Weekly bonus' },
      after: { targetAmount: 10, rewardAmount: 3.5, name: 'Weekly sprint' },
    });

    // A switched-off rule pays nobody and is not shown.
    const off = await finance.inject({
      method: 'PATCH',
      url: `${API}/rules/${weekly.id}`,
      payload: { active: false },
    });
    expect(off.json().active).toBe(false);
    const after = (await b.get('/api/bonuses/profile/bonuses')).json();
    expect(after.activityBonuses.everyWeek).toBeNull();
    await finance.inject({
      method: 'PATCH',
      url: `${API}/rules/${weekly.id}`,
      payload: { active: true, targetAmount: 500, rewardAmount: 10, name: 'Weekly bonus' },
    });
    expect(await ledgerProblems(db())).toEqual(noProblems);
  });

  it('refuses bad edits, naming the field', async () => {
    const weekly = await ruleByCode('weekly-bets');
    const daily = await ruleByCode('daily-7-days');
    const cases: [string, unknown, string | undefined, string][] = [
      [weekly.id, { rewardAmount: 0 }, 'rewardAmount', bonusRuleMessages.rewardAmount],
      [weekly.id, { rewardAmount: 1.234 }, 'rewardAmount', bonusRuleMessages.rewardAmount],
      [weekly.id, { rewardAmount: '5' }, 'rewardAmount', bonusRuleMessages.rewardAmount],
      [weekly.id, { targetAmount: -1 }, 'targetAmount', bonusRuleMessages.targetAmount],
      [daily.id, { targetAmount: 10 }, 'targetAmount', bonusRuleMessages.targetNotApplicable],
      [weekly.id, { name: '  ' }, 'name', bonusRuleMessages.name],
      [weekly.id, { name: 'x'.repeat(101) }, 'name', bonusRuleMessages.name],
      [weekly.id, { active: 'yes' }, 'active', bonusRuleMessages.active],
      [weekly.id, { sortOrder: 1.5 }, 'sortOrder', bonusRuleMessages.sortOrder],
      [weekly.id, {}, undefined, bonusRuleMessages.empty],
      ['not-an-id', { active: true }, 'id', bonusRuleMessages.id],
    ];
    for (const [id, payload, field, message] of cases) {
      const res = await finance.inject({
        method: 'PATCH',
        url: `${API}/rules/${id}`,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ message, ...(field ? { field } : {}) });
    }
    const unknown = await finance.inject({
      method: 'PATCH',
      url: `${API}/rules/${randomUUID()}`,
      payload: { active: true },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await ruleByCode('weekly-bets')).rewardAmount).toBe(10);
  });
});
