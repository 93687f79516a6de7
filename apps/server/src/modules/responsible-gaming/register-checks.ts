import { NATIONAL_REGISTER_REASON, restrictionMessages } from '@paws/contracts/responsible-gaming';
import { staffRgAuditActions } from '@paws/contracts/staff-responsible-gaming';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditService } from '../audit/index.ts';
import type { GateAccount, IdentityService } from '../identity/index.ts';
import { type NationalRegister, RegisterUnavailable } from './national-register.ts';
import { rgRegisterChecks } from './schema.ts';

const HOUR = 3_600_000;
/** The register is asked at most once a day per player. */
export const REGISTER_RECHECK_HOURS = 24;
/** While the register is unreachable, an answer this recent still lets a player in (fail open, bounded). */
export const REGISTER_GRACE_HOURS = 7 * 24;

/**
 * The national register's check, installed as identity's sign-in gate: asked at sign-up and before each
 * sign-in when the last answer is 24 hours old or more. A player the register names (Y) is self-excluded
 * here (a self-exclusion of reason NATIONAL_REGISTER_REASON, audited as the system's), so every refusal
 * already in force applies. An unreachable register is logged; sign-in then waits for an answer unless the
 * player has one from the last 7 days (docs/decisions.md).
 */
export function createRegisterChecks({
  db,
  now,
  register,
  identity,
  audit,
  log,
}: {
  db: Db;
  now: () => Date;
  register: NationalRegister;
  identity: Pick<IdentityService, 'restrictSelf' | 'selfRestrictionOf'>;
  audit: Pick<AuditService, 'record'>;
  log: FastifyBaseLogger;
}) {
  async function exclude(userId: string, at: Date, reference: string | null) {
    const current = await identity.selfRestrictionOf(userId);
    if (current?.kind === 'SELF_EXCLUSION') return;
    // Never shorter than a time-out in force (restrictSelf refuses a shorter one).
    const timeOutEnd = current?.endsAt ? new Date(current.endsAt) : at;
    const restriction = await identity.restrictSelf(userId, {
      kind: 'SELF_EXCLUSION',
      endsAt: null,
      returnAllowedAt: timeOutEnd > at ? timeOutEnd : at,
      reason: NATIONAL_REGISTER_REASON,
    });
    await audit.record({
      actorId: null,
      actorRoles: [],
      action: staffRgAuditActions.registerExclusion,
      targetType: 'user',
      targetId: userId,
      before: current,
      after: { ...restriction, register: register.name, reference },
      at,
    });
  }

  async function gate(account: GateAccount, moment: 'sign-up' | 'sign-in') {
    const at = now();
    const [last] = await db
      .select()
      .from(rgRegisterChecks)
      .where(eq(rgRegisterChecks.userId, account.userId))
      .limit(1);
    const age = last ? at.getTime() - last.checkedAt.getTime() : Number.POSITIVE_INFINITY;
    let answer = last?.answer;
    let reference = last?.reference ?? null;
    if (age >= REGISTER_RECHECK_HOURS * HOUR) {
      try {
        ({ answer, reference } = await register.check({
          email: account.email,
          phone: account.phone,
          traceId: account.userId,
        }));
        const row = { answer, checkedAt: at, reference };
        await db
          .insert(rgRegisterChecks)
          .values({ userId: account.userId, ...row })
          .onConflictDoUpdate({ target: rgRegisterChecks.userId, set: row });
      } catch (error) {
        if (!(error instanceof RegisterUnavailable)) throw error;
        log.error(
          { err: error, userId: account.userId, moment, register: register.name },
          'National self-exclusion register unreachable: the check is left due',
        );
        // A new account is checked again when it is confirmed (its first sign-in).
        if (moment === 'sign-up') return;
        if (age >= REGISTER_GRACE_HOURS * HOUR)
          throw new AppError(503, restrictionMessages.registerUnavailable);
      }
    }
    if (answer === 'Y') await exclude(account.userId, at, reference);
  }

  return { gate };
}
