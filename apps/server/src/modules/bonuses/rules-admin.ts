import {
  type BonusRuleUpdate,
  bonusRuleMessages,
  type StaffBonusRule,
  targetedBonusRuleKinds,
} from '@paws/contracts/staff-promotions';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { changesOf } from '../../lib/updates.ts';
import type { AuditService, StaffAuditActor } from '../audit/index.ts';
import { type BonusRuleRow, bonusRules } from './schema.ts';

const dollars = (minor: number) => minor / 100;
const cents = (amount: number) => Math.round(amount * 100);

export function toStaffBonusRule(row: BonusRuleRow): StaffBonusRule {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    task: row.task,
    targetAmount: row.targetMinor === null ? null : dollars(row.targetMinor),
    rewardAmount: dollars(row.rewardMinor),
    // The period and welcome rules pay bonus dollars; the onboarding tour's pays PAWS points.
    rewardCurrency: row.rewardCurrency,
    active: row.active,
    sortOrder: row.sortOrder,
  };
}

/**
 * The back office's view of the bonus rules: read them all and change what a rule is made of (name, reward,
 * target, active, order). `onChange` drops the rules cached for evaluations, so an edit counts from the next
 * one in this process (other processes see it within the cache's short life).
 */
export function createBonusRulesAdmin({
  db,
  audit,
  onChange,
}: {
  db: Db;
  audit: AuditService;
  onChange: () => void;
}) {
  return {
    async listRules(): Promise<StaffBonusRule[]> {
      const rows = await db
        .select()
        .from(bonusRules)
        .orderBy(asc(bonusRules.sortOrder), asc(bonusRules.code));
      return rows.map(toStaffBonusRule);
    },

    /** Changes a rule; audited as bonus_rule.update with the rule before and after. */
    async updateRule(actor: StaffAuditActor, id: string, patch: BonusRuleUpdate): Promise<StaffBonusRule> {
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(bonusRules).where(eq(bonusRules.id, id)).for('update');
        if (!before) throw notFound(bonusRuleMessages.notFound);
        const targeted = (targetedBonusRuleKinds as readonly string[]).includes(before.kind);
        if (patch.targetAmount !== undefined && !targeted) {
          throw badRequest(bonusRuleMessages.targetNotApplicable, 'targetAmount');
        }
        const changes = changesOf({
          // A renamed rule shows the typed name in every language: its translation key no longer applies.
          ...(patch.name !== undefined && patch.name !== before.name
            ? { name: patch.name, nameKey: null }
            : {}),
          rewardMinor: patch.rewardAmount === undefined ? undefined : cents(patch.rewardAmount),
          targetMinor: patch.targetAmount === undefined ? undefined : cents(patch.targetAmount),
          active: patch.active,
          sortOrder: patch.sortOrder,
        });
        // Nothing to change (the rule renamed to its own name): the rule as it is, and nothing to audit.
        if (!changes) return toStaffBonusRule(before);
        const [after] = await tx.update(bonusRules).set(changes).where(eq(bonusRules.id, id)).returning();
        if (!after) throw notFound(bonusRuleMessages.notFound);
        await audit.record(
          {
            ...actor,
            action: 'bonus_rule.update',
            targetType: 'bonus_rule',
            targetId: id,
            before: toStaffBonusRule(before),
            after: toStaffBonusRule(after),
          },
          tx,
        );
        return toStaffBonusRule(after);
      });
      onChange();
      return updated;
    },
  };
}
