import {
  type AdjustmentReasonCode,
  type AdjustmentsListQuery,
  adjustmentNeedsApproval,
  staffMoneyMessages as messages,
} from '@paws/contracts/staff-money';
import { type CurrencyCode, formatMoney, fromMinor } from '@paws/contracts/wallet';
import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { conflict, forbidden } from '../../../lib/errors.ts';
import { isWalletError } from '../errors.ts';
import type { WalletService } from '../service.ts';
import { type StaffAdjustmentRow, staffAdjustments } from './schema.ts';

export type AdjustmentAuditAction =
  | 'adjustment.request'
  | 'adjustment.post'
  | 'adjustment.approve'
  | 'adjustment.reject';

/** The staff member acting, and how their step is audited: in the transaction of the change. */
export interface AdjustmentActor {
  id: string;
  audit(
    tx: DbOrTx,
    entry: {
      action: AdjustmentAuditAction;
      targetId: string;
      before: unknown;
      after: ReturnType<typeof auditView>;
    },
  ): Promise<unknown>;
}

export interface AdjustmentInput {
  playerId: string;
  currency: CurrencyCode;
  /** Signed minor units, never 0. */
  amount: number;
  reasonCode: AdjustmentReasonCode;
  note: string;
}

export const auditView = (row: StaffAdjustmentRow) => ({
  playerId: row.playerId,
  currency: row.currencyCode,
  amount: row.amount,
  reasonCode: row.reasonCode,
  note: row.note,
  status: row.status,
  needsApproval: row.needsApproval,
  ledgerTransactionId: row.ledgerTransactionId,
  rejectReason: row.rejectReason,
});

/** 409 on amount: the debit would take the player's balance below zero. */
function belowZero(currency: CurrencyCode, balance: number, debit: number) {
  return conflict(
    `The player's ${currency} balance is ${formatMoney(balance, currency)}: a debit of ${formatMoney(debit, currency)} would take it below zero`,
    'amount',
  );
}

/** A bare date as `to` means the end of that day (UTC). */
function dateOf(value: string, edge: 'from' | 'to') {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T${edge === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`);
  }
  return new Date(value);
}

/**
 * Balance adjustments with four eyes, owned by the wallet whose ledger they move. One at or below the
 * currency's threshold posts at once through `adjust` (against the adjustments system account); a larger
 * one waits PENDING until a different staff member approves it (it then posts, once: the ledger posting is
 * keyed by the adjustment's id) or rejects it. Every step is audited in the transaction of the change.
 */
export function createAdjustments({ db, wallet }: { db: DbOrTx; wallet: WalletService }) {
  /** Moves the money (in the caller's transaction) and marks the row POSTED; a debit never goes below zero. */
  async function post(tx: DbOrTx, row: StaffAdjustmentRow, approver: AdjustmentActor | null) {
    let moved: Awaited<ReturnType<WalletService['adjust']>>;
    try {
      moved = await wallet.adjust(
        {
          userId: row.playerId,
          currency: row.currencyCode,
          amount: row.amount,
          key: row.id,
          reason: row.reasonCode,
          note: row.note,
          metadata: {
            adjustmentId: row.id,
            note: row.note,
            requestedBy: row.requestedBy,
            ...(approver ? { approvedBy: approver.id } : {}),
          },
        },
        tx,
      );
    } catch (err) {
      if (isWalletError(err, 'INSUFFICIENT_FUNDS'))
        throw belowZero(row.currencyCode, err.balance ?? 0, row.amount);
      throw err;
    }
    const at = new Date();
    const [posted] = await tx
      .update(staffAdjustments)
      .set({
        status: 'POSTED',
        postedAt: at,
        ledgerTransactionId: moved.transactionId,
        balanceAfter: moved.balance,
        ...(approver ? { decidedBy: approver.id, decidedAt: at } : {}),
      })
      .where(eq(staffAdjustments.id, row.id))
      .returning();
    return posted!;
  }

  async function byId(id: string, tx: DbOrTx = db, lock = false) {
    const query = tx.select().from(staffAdjustments).where(eq(staffAdjustments.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** The first adjustment made with this requester's key; 409 when the key came with another request. */
  async function replay(requester: AdjustmentActor, key: string, input: AdjustmentInput) {
    const [row] = await db
      .select()
      .from(staffAdjustments)
      .where(and(eq(staffAdjustments.requestedBy, requester.id), eq(staffAdjustments.idempotencyKey, key)));
    if (!row) return undefined;
    const same =
      row.playerId === input.playerId &&
      row.currencyCode === input.currency &&
      row.amount === input.amount &&
      row.reasonCode === input.reasonCode &&
      row.note === input.note;
    if (!same) throw conflict(messages.idempotencyMismatch);
    return row;
  }

  async function request(input: AdjustmentInput, requester: AdjustmentActor, key?: string) {
    if (key) {
      const prior = await replay(requester, key, input);
      if (prior) return { created: false, row: prior };
    }
    const needsApproval = adjustmentNeedsApproval(input.currency, fromMinor(input.amount, input.currency));
    // A debit waiting for approval is refused now when the balance already cannot take it (the posting
    // checks again, atomically, when it is approved).
    if (needsApproval && input.amount < 0) {
      const balance = await wallet.balanceOf(input.playerId, input.currency);
      if (balance + input.amount < 0) throw belowZero(input.currency, balance, input.amount);
    }
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(staffAdjustments)
        .values({
          playerId: input.playerId,
          currencyCode: input.currency,
          amount: input.amount,
          reasonCode: input.reasonCode,
          note: input.note,
          status: 'PENDING',
          needsApproval,
          requestedBy: requester.id,
          idempotencyKey: key ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) return undefined;
      await requester.audit(tx, {
        action: 'adjustment.request',
        targetId: created.id,
        before: null,
        after: auditView(created),
      });
      if (!needsApproval) {
        const posted = await post(tx, created, null);
        await requester.audit(tx, {
          action: 'adjustment.post',
          targetId: created.id,
          before: auditView(created),
          after: auditView(posted),
        });
        return posted;
      }
      return created;
    });
    if (row) return { created: true, row };
    // A concurrent request with the same key won the insert.
    const prior = key ? await replay(requester, key, input) : undefined;
    if (!prior) throw new Error('Adjustment row not written');
    return { created: false, row: prior };
  }

  async function approve(id: string, approver: AdjustmentActor) {
    return db.transaction(async (tx) => {
      const current = await byId(id, tx, true);
      if (!current) return undefined;
      if (current.status !== 'PENDING') {
        if (current.status === 'POSTED' && current.decidedBy === approver.id) return current;
        throw conflict(messages.adjustmentDecided);
      }
      if (current.requestedBy === approver.id) throw forbidden(messages.ownAdjustment);
      const posted = await post(tx, current, approver);
      await approver.audit(tx, {
        action: 'adjustment.approve',
        targetId: id,
        before: auditView(current),
        after: auditView(posted),
      });
      await approver.audit(tx, {
        action: 'adjustment.post',
        targetId: id,
        before: auditView(current),
        after: auditView(posted),
      });
      return posted;
    });
  }

  async function reject(id: string, reason: string, rejecter: AdjustmentActor) {
    return db.transaction(async (tx) => {
      const current = await byId(id, tx, true);
      if (!current) return undefined;
      if (current.status !== 'PENDING') {
        if (current.status === 'REJECTED' && current.decidedBy === rejecter.id) return current;
        throw conflict(messages.adjustmentDecided);
      }
      if (current.requestedBy === rejecter.id) throw forbidden(messages.ownAdjustmentReject);
      const [rejected] = await tx
        .update(staffAdjustments)
        .set({ status: 'REJECTED', decidedBy: rejecter.id, decidedAt: new Date(), rejectReason: reason })
        .where(eq(staffAdjustments.id, id))
        .returning();
      await rejecter.audit(tx, {
        action: 'adjustment.reject',
        targetId: id,
        before: auditView(current),
        after: auditView(rejected!),
      });
      return rejected!;
    });
  }

  async function list(query: AdjustmentsListQuery & { page: number; limit: number }) {
    const where = and(
      query.status === 'ALL' ? undefined : eq(staffAdjustments.status, query.status),
      query.playerId ? eq(staffAdjustments.playerId, query.playerId) : undefined,
      query.dateFrom ? gte(staffAdjustments.createdAt, dateOf(query.dateFrom, 'from')) : undefined,
      query.dateTo ? lte(staffAdjustments.createdAt, dateOf(query.dateTo, 'to')) : undefined,
    );
    const direction = query.order === 'asc' ? asc : desc;
    const column = query.sort === 'amount' ? staffAdjustments.amount : staffAdjustments.createdAt;
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(staffAdjustments)
        .where(where)
        .orderBy(direction(column), direction(staffAdjustments.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ count: count() }).from(staffAdjustments).where(where),
    ]);
    return { items, total: total?.count ?? 0 };
  }

  return { request, approve, reject, list, byId: (id: string) => byId(id) };
}

export type Adjustments = ReturnType<typeof createAdjustments>;
export type { StaffAdjustmentRow };
