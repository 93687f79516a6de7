import { adjustmentReasonCodes, adjustmentStatuses } from '@paws/contracts/staff-money';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../../db/columns.ts';

export const adjustmentStatus = pgEnum('staff_adjustment_status', adjustmentStatuses);
export const adjustmentReasonCode = pgEnum('staff_adjustment_reason_code', adjustmentReasonCodes);

/**
 * Balance adjustments staff asked for (four eyes above the threshold). The money moves only through the
 * wallet's `adjust` posting, keyed by this row's id, so an adjustment posts at most once. Player and staff
 * ids are plain uuids, like the audit log's: the row outlives the accounts it names.
 */
export const staffAdjustments = pgTable(
  'staff_adjustments',
  {
    id: id(),
    playerId: uuid().notNull(),
    currencyCode: text().$type<CurrencyCode>().notNull(),
    /** Signed minor units, never 0. */
    amount: bigint({ mode: 'number' }).notNull(),
    reasonCode: adjustmentReasonCode().notNull(),
    note: text().notNull(),
    status: adjustmentStatus().notNull(),
    needsApproval: boolean().notNull(),
    requestedBy: uuid().notNull(),
    /** The requester's Idempotency-Key, unique per requester. */
    idempotencyKey: text(),
    decidedBy: uuid(),
    decidedAt: timestamp({ withTimezone: true, mode: 'date' }),
    rejectReason: text(),
    postedAt: timestamp({ withTimezone: true, mode: 'date' }),
    ledgerTransactionId: uuid(),
    /** The player's balance right after posting (minor units). */
    balanceAfter: bigint({ mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    index('staff_adjustments_status_created_idx').on(t.status, t.createdAt),
    index('staff_adjustments_player_created_idx').on(t.playerId, t.createdAt),
    uniqueIndex('staff_adjustments_requester_idempotency_unique').on(t.requestedBy, t.idempotencyKey),
    check('staff_adjustments_amount_not_zero', sql`${t.amount} <> 0`),
    // Four eyes, held by the database too: whoever asked never decides.
    check('staff_adjustments_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);
export type StaffAdjustmentRow = typeof staffAdjustments.$inferSelect;
