import type { BonusesResponse, UserBonusesResponse } from '@paws/contracts/bonuses';
import { renderBonusName, renderNotificationMessage } from '@paws/contracts/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusRules, userBonuses } from '../../src/modules/bonuses/schema.ts';
import { quiesce } from '../backbone/helpers.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { listOf } from '../notifications/helpers.ts';
import { deposit, eventually, signedInPlayer } from '../payments/helpers.ts';

const BONUSES = '/api/bonuses';
const actor = { actorId: null, actorRoles: ['admin' as const], ip: '127.0.0.1' };
let ctx: IdentityTestApp;

beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx?.close());

async function historyOf(b: Awaited<ReturnType<typeof signedInPlayer>>['b']) {
  const res = await b.get(`${BONUSES}/user-bonuses`);
  expect(res.statusCode).toBe(200);
  return res.json() as UserBonusesResponse;
}

describe('bonus names: a key with parameters, rendered in the reader’s language', () => {
  it('the bonus history gives each row its name key and its currency', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    await deposit(b, 20);
    await eventually(async () =>
      expect(await ctx.app.database.db.$count(userBonuses, eq(userBonuses.userId, userId))).toBe(2),
    );
    const history = await historyOf(b);
    const deposited = history.userBonuses.find((row) => row.presentationRuleKey === 'welcome-deposit');
    expect(deposited).toMatchObject({
      presentationRuleName: 'Make your first deposit',
      amount: 5,
      currencyCode: 'BONUS_USD',
    });
    const names = (language: string) =>
      history.userBonuses
        .map((row) =>
          renderBonusName(
            row.presentationRuleKey,
            row.presentationRuleParams,
            row.presentationRuleName,
            language,
          ),
        )
        .sort();
    expect(names('en')).toEqual(['Confirm your e-mail or phone', 'Make your first deposit']);
    expect(names('es')).toEqual(['Confirma tu correo o teléfono', 'Haz tu primer depósito']);
    expect(names('fr')).toEqual(['Confirmez votre e-mail ou téléphone', 'Effectuez votre premier dépôt']);
    expect(names('it')).toEqual(['Conferma la tua e-mail o il telefono', 'Fai il tuo primo deposito']);
  });

  it('a promo code row is the promo-code key with the code as its parameter', async () => {
    const { b, userId } = await signedInPlayer(ctx);
    const code = `N${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await ctx.app.bonuses.createPromoCode(actor, {
      code,
      rewardCurrency: 'FREE_SPINS',
      amount: 10,
      maxUses: 5,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await ctx.app.database.db.transaction((tx) => ctx.app.bonuses.redeemPromoCode(tx, userId, code));
    const row = (await historyOf(b)).userBonuses.find((bonus) => bonus.presentationRuleKey === 'promo-code');
    expect(row).toMatchObject({
      presentationRuleName: `Promo code ${code}`,
      presentationRuleParams: { code },
      amount: 10,
      currencyCode: 'FREE_SPINS',
    });
    expect(renderBonusName(row?.presentationRuleKey, row?.presentationRuleParams, '', 'es')).toBe(
      `Código promocional ${code}`,
    );
  });

  it('the bonuses overview names every seeded rule by its key', async () => {
    const { b } = await signedInPlayer(ctx);
    const res = await b.get(`${BONUSES}/profile/bonuses`);
    const overview = res.json() as BonusesResponse;
    expect(overview.activityBonuses.everyWeek).toMatchObject({
      presentationRuleName: 'Weekly bonus',
      presentationRuleKey: 'weekly-bets',
    });
    expect(overview.activityBonuses.daily?.presentationRuleKey).toBe('daily-7-days');
    expect(overview.welcomeBonuses.onboarding.map((task) => task.presentationRuleKey)).toEqual([
      'welcome-confirm',
      'welcome-username',
      'welcome-deposit',
      'welcome-bet',
    ]);
  });

  it('a credited bonus’s notification carries its key, the rule’s name key and the amount', async () => {
    const { b } = await signedInPlayer(ctx);
    await deposit(b, 30);
    const notice = await eventually(async () => {
      const found = (await listOf(b, '?category=SYSTEM')).notifications.find((item) =>
        item.notificationMessage.includes('Make your first deposit'),
      );
      expect(found).toBeDefined();
      return found!;
    });
    expect(notice).toMatchObject({
      notificationMessage:
        'You earned a bonus (Make your first deposit): $5.00 in bonus money is on your bonus balance.',
      messageKey: 'bonus.creditedBonusMoney',
      messageParams: {
        amount: '$5.00',
        rule: { bonusName: 'welcome-deposit', text: 'Make your first deposit' },
      },
    });
    expect(renderNotificationMessage(notice, 'fr')).toBe(
      'Vous avez obtenu un bonus (Effectuez votre premier dépôt) : $5.00 en argent bonus sont sur votre solde bonus.',
    );
    expect(renderNotificationMessage(notice, 'it')).toBe(
      'Hai ottenuto un bonus (Fai il tuo primo deposito): $5.00 in denaro bonus sono sul tuo saldo bonus.',
    );
  });

  it('a rule staff rename is shown as typed in every language; keeping its name keeps its key', async () => {
    const [weekly] = await ctx.app.database.db
      .select()
      .from(bonusRules)
      .where(eq(bonusRules.code, 'weekly-bets'));
    const same = await ctx.app.bonuses.updateRule(actor, weekly!.id, {
      name: 'Weekly bonus',
      rewardAmount: 12,
    });
    expect(same.name).toBe('Weekly bonus');
    const { b } = await signedInPlayer(ctx);
    const kept = (await b.get(`${BONUSES}/profile/bonuses`)).json() as BonusesResponse;
    expect(kept.activityBonuses.everyWeek?.presentationRuleKey).toBe('weekly-bets');

    await ctx.app.bonuses.updateRule(actor, weekly!.id, { name: 'Semana loca' });
    await quiesce(ctx.app);
    const renamed = (await b.get(`${BONUSES}/profile/bonuses`)).json() as BonusesResponse;
    const week = renamed.activityBonuses.everyWeek;
    expect(week).toMatchObject({ presentationRuleName: 'Semana loca', presentationRuleKey: null });
    for (const language of ['en', 'es', 'fr', 'it']) {
      expect(renderBonusName(week?.presentationRuleKey, null, week!.presentationRuleName, language)).toBe(
        'Semana loca',
      );
    }
  });
});
