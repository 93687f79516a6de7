import type { LimitKind, LimitPeriod } from '@paws/contracts/responsible-gaming';
import { staffPlayerMessages } from '@paws/contracts/staff-players';
import {
  type RecordContact,
  staffRgAuditActions,
  staffRgMessages,
} from '@paws/contracts/staff-responsible-gaming';
import { fromMinor } from '@paws/contracts/wallet';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuditService, StaffAuditActor } from '../audit/index.ts';
import type { IdentityService } from '../identity/index.ts';
import { rgContacts } from './schema.ts';
import type { ResponsibleGamingService } from './service.ts';
import type { RgStaffReads } from './staff-reads.ts';

export interface RgStaffActionDeps {
  db: Db;
  service: Pick<ResponsibleGamingService, 'changeLimit' | 'scoreHarmMarkers' | 'now'>;
  identity: Pick<IdentityService, 'hasAccount'>;
  audit: Pick<AuditService, 'record'>;
  reads: Pick<RgStaffReads, 'presentContacts'>;
}

/** The staff member acting (actorOf(request)): always a person here. */
type RgActor = StaffAuditActor & { actorId: string };

const usdOrNull = (minor: number | null) => (minor === null ? null : fromMinor(minor, 'USD'));

/**
 * What staff may do about a player's gambling, each audited in its own transaction: set a new or lower limit
 * on the player's behalf (never raise or remove one: that is the player's choice, with its 24-hour wait),
 * record a contact, run the day's scoring. Lifting a time-out or self-exclusion is not among them.
 */
export function createRgStaffActions({ db, service, identity, audit, reads }: RgStaffActionDeps) {
  async function assertPlayer(userId: string) {
    if (!(await identity.hasAccount(userId))) throw notFound(staffPlayerMessages.notFound);
  }

  async function lowerLimit(
    actor: RgActor,
    userId: string,
    change: { kind: LimitKind; period: LimitPeriod; amount: number; reason: string },
  ) {
    await assertPlayer(userId);
    const { kind, period, amount, reason } = change;
    return service.changeLimit(userId, { kind, period, amount }, `staff:${actor.actorId}`, {
      refuse: () => {
        throw new AppError(403, staffRgMessages.notLower, 'amount');
      },
      audit: (tx, { from, to }) =>
        audit.record(
          {
            ...actor,
            action: staffRgAuditActions.lowerLimit,
            targetType: 'user',
            targetId: userId,
            before: { kind, period, amount: usdOrNull(from) },
            after: { kind, period, amount: usdOrNull(to), reason },
          },
          tx,
        ),
    });
  }

  async function recordContact(actor: RgActor, userId: string, contact: Required<RecordContact>) {
    await assertPlayer(userId);
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(rgContacts)
        .values({ userId, staffId: actor.actorId, ...contact, at: service.now() })
        .returning();
      await audit.record(
        {
          ...actor,
          action: staffRgAuditActions.contact,
          targetType: 'user',
          targetId: userId,
          before: null,
          after: { contactId: inserted!.id, ...contact },
        },
        tx,
      );
      return inserted!;
    });
    const [shown] = await reads.presentContacts([row]);
    return shown!;
  }

  async function runScoring(actor: RgActor) {
    const result = await service.scoreHarmMarkers();
    await audit.record({
      ...actor,
      action: staffRgAuditActions.run,
      targetType: 'harm-scores',
      targetId: null,
      after: result,
    });
    return result;
  }

  return { lowerLimit, recordContact, runScoring };
}
