import type { Db } from '../../db/client.ts';
import { bonusRules } from './schema.ts';

/**
 * The rules we start with. Configuration rather than demo data, so they are written whatever SEED says;
 * ON CONFLICT on the code keeps an operator's later changes to a seeded rule.
 */
export const defaultBonusRules: (typeof bonusRules.$inferInsert)[] = [
  {
    code: 'daily-7-days',
    nameKey: 'daily-7-days',
    name: 'Daily bonus',
    kind: 'DAILY',
    rewardMinor: 5_00,
    sortOrder: 10,
  },
  {
    code: 'weekly-bets',
    nameKey: 'weekly-bets',
    name: 'Weekly bonus',
    kind: 'WEEKLY',
    targetMinor: 500_00,
    rewardMinor: 10_00,
    sortOrder: 20,
  },
  {
    code: 'monthly-bets',
    nameKey: 'monthly-bets',
    name: 'Monthly bonus',
    kind: 'MONTHLY',
    targetMinor: 2_000_00,
    rewardMinor: 50_00,
    sortOrder: 30,
  },
  {
    code: 'win-bet-weekly',
    nameKey: 'win-bet-weekly',
    name: 'Win-bet bonus',
    kind: 'WIN_BET',
    targetMinor: 200_00,
    rewardMinor: 15_00,
    sortOrder: 40,
  },
  {
    code: 'welcome-confirm',
    nameKey: 'welcome-confirm',
    name: 'Confirm your e-mail or phone',
    kind: 'ONBOARDING',
    task: 'CONFIRM_EMAIL',
    rewardMinor: 1_00,
    sortOrder: 50,
  },
  {
    code: 'welcome-username',
    nameKey: 'welcome-username',
    name: 'Choose a username',
    kind: 'ONBOARDING',
    task: 'CHOOSE_USERNAME',
    rewardMinor: 1_00,
    sortOrder: 51,
  },
  {
    code: 'welcome-deposit',
    nameKey: 'welcome-deposit',
    name: 'Make your first deposit',
    kind: 'ONBOARDING',
    task: 'FIRST_DEPOSIT',
    rewardMinor: 5_00,
    sortOrder: 52,
  },
  {
    code: 'welcome-bet',
    nameKey: 'welcome-bet',
    name: 'Place your first bet',
    kind: 'ONBOARDING',
    task: 'FIRST_BET',
    rewardMinor: 2_00,
    sortOrder: 53,
  },
];

export async function seedBonusRules(db: Db) {
  await db.insert(bonusRules).values(defaultBonusRules).onConflictDoNothing({ target: bonusRules.code });
}
