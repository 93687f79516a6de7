import {
  type AdjustmentRequest,
  type AdjustmentsListQuery,
  adjustmentNeedsApproval,
  staffMoneyMessages as messages,
  type StaffAdjustment,
} from '@paws/contracts/staff-money';
import { type CurrencyCode, formatMoney, fromMinor, toMinor } from '@paws/contracts/wallet';
import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../../lib/errors.ts';
import { isWalletError } from '../../../wallet/index.ts';
import { actorOf } from '../../access.ts';
import { peopleOf } from '../withdrawals/people.ts';
import { type StaffAdjustmentRow, staffAdjustments } from './schema.ts';

type Actor = ReturnType<typeof actorOf>;

const auditView = (row: StaffAdjustmentRow) => ({
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
 * Balance adjustments with four eyes. One at or below the currency's threshold posts at once through the
 * wallet's `adjust` (against the adjustments system account); a larger one waits PENDING until a different
 * staff member approves it (it then posts, once: the ledger posting is keyed by the adjustment's id) or
 * rejects it. Every step writes its audit row in the transaction of the change.
 */
export function createAdjustmentsDesk(app: FastifyInstance) {
  const { db } = app.database;

  async function audit(tx: DbOrTx, actor: Actor, action: string, before: unknown, after: StaffAdjustmentRow) {
    await app.audit.record(
      { ...actor, action, targetType: 'adjustment', targetId: after.id, before, after: auditView(after) },
      tx,
    );
  }

  /** Moves the money (in the caller's transaction) and marks the row POSTED; a debit never goes below zero. */
  async function post(tx: DbOrTx, row: StaffAdjustmentRow, approver: Actor | null) {
    let moved: Awaited<ReturnType<typeof app.wallet.adjust>>;
    try {
      moved = await app.wallet.adjust(
        {
          userId: row.playerId,
          currency: row.currencyCode,
          amount: row.amount,
          key: row.id,
          reason: row.reasonCode,
          metadata: {
            adjustmentId: row.id,
            note: row.note,
            requestedBy: row.requestedBy,
            ...(approver ? { approvedBy: approver.actorId } : {}),
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
        ...(approver ? { decidedBy: approver.actorId, decidedAt: at } : {}),
      })
      .where(eq(staffAdjustments.id, row.id))
      .returning();
    return posted!;
  }

  async function byId(id: string, tx: DbOrTx = db, lock = false) {
    const query = tx.select().from(staffAdjustments).where(eq(staffAdjustments.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(messages.adjustmentNotFound);
    return row;
  }

  async function present(rows: StaffAdjustmentRow[]): Promise<StaffAdjustment[]> {
    const people = await peopleOf(
      app,
      rows.flatMap((row) => [row.playerId, row.requestedBy, row.decidedBy]),
    );
    return rows.map((row) => ({
      id: row.id,
      player: people.player(row.playerId),
      currency: row.currencyCode,
      amount: fromMinor(row.amount, row.currencyCode),
      reasonCode: row.reasonCode,
      note: row.note,
      status: row.status,
      needsApproval: row.needsApproval,
      requestedBy: people.actor(row.requestedBy)!,
      requestedAt: row.createdAt.toISOString(),
      decidedBy: people.actor(row.decidedBy),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectReason: row.rejectReason,
      postedAt: row.postedAt?.toISOString() ?? null,
      ledgerTransactionId: row.ledgerTransactionId,
      balanceAfter: row.balanceAfter === null ? null : fromMinor(row.balanceAfter, row.currencyCode),
    }));
  }

  const presentOne = async (row: StaffAdjustmentRow) => (await present([row]))[0]!;

  /** The first adjustment made with this requester's key; 409 when the key came with another request. */
  async function replay(actor: Actor, key: string, body: AdjustmentRequest, minor: number) {
    const [row] = await db
      .select()
      .from(staffAdjustments)
      .where(and(eq(staffAdjustments.requestedBy, actor.actorId), eq(staffAdjustments.idempotencyKey, key)));
    if (!row) return undefined;
    const same =
      row.playerId === body.playerId &&
      row.currencyCode === body.currency &&
      row.amount === minor &&
      row.reasonCode === body.reasonCode &&
      row.note === body.note;
    if (!same) throw conflict(messages.idempotencyMismatch);
    return row;
  }

  async function requestAdjustment(request: FastifyRequest, body: AdjustmentRequest, key?: string) {
    const actor = actorOf(request);
    const minor = toMinor(body.amount, body.currency);
    if (minor === null || minor === 0) {
      throw badRequest(
        body.currency === 'FREE_SPINS' ? messages.amountWhole : messages.amountPlaces,
        'amount',
      );
    }
    if (key) {
      const prior = await replay(actor, key, body, minor);
      if (prior) return { created: false, adjustment: await presentOne(prior) };
    }
    if (!(await app.identity.accountOf(body.playerId)))
      throw new AppError(404, messages.playerNotFound, 'playerId');
    const needsApproval = adjustmentNeedsApproval(body.currency, body.amount);
    // A debit waiting for approval is refused now when the balance already cannot take it (the posting
    // checks again, atomically, when it is approved).
    if (needsApproval && minor < 0) {
      const balance = await app.wallet.balanceOf(body.playerId, body.currency);
      if (balance + minor < 0) throw belowZero(body.currency, balance, minor);
    }
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(staffAdjustments)
        .values({
          playerId: body.playerId,
          currencyCode: body.currency,
          amount: minor,
          reasonCode: body.reasonCode,
          note: body.note,
          status: 'PENDING',
          needsApproval,
          requestedBy: actor.actorId,
          idempotencyKey: key ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) return undefined;
      await audit(tx, actor, 'adjustment.request', null, created);
      if (!needsApproval) {
        const posted = await post(tx, created, null);
        await audit(tx, actor, 'adjustment.post', auditView(created), posted);
        return posted;
      }
      return created;
    });
    if (!row) {
      // A concurrent request with the same key won the insert.
      const prior = key ? await replay(actor, key, body, minor) : undefined;
      if (!prior) throw new Error('Adjustment row not written');
      return { created: false, adjustment: await presentOne(prior) };
    }
    return { created: true, adjustment: await presentOne(row) };
  }

  async function approve(request: FastifyRequest, id: string) {
    const actor = actorOf(request);
    const row = await db.transaction(async (tx) => {
      const current = await byId(id, tx, true);
      if (current.status !== 'PENDING') {
        if (current.status === 'POSTED' && current.decidedBy === actor.actorId) return current;
        throw conflict(messages.adjustmentDecided);
      }
      if (current.requestedBy === actor.actorId) throw forbidden(messages.ownAdjustment);
      const posted = await post(tx, current, actor);
      await audit(tx, actor, 'adjustment.approve', auditView(current), posted);
      await audit(tx, actor, 'adjustment.post', auditView(current), posted);
      return posted;
    });
    return presentOne(row);
  }

  async function reject(request: FastifyRequest, id: string, reason: string) {
    const actor = actorOf(request);
    const row = await db.transaction(async (tx) => {
      const current = await byId(id, tx, true);
      if (current.status !== 'PENDING') {
        if (current.status === 'REJECTED' && current.decidedBy === actor.actorId) return current;
        throw conflict(messages.adjustmentDecided);
      }
      if (current.requestedBy === actor.actorId) throw forbidden(messages.ownAdjustmentReject);
      const [rejected] = await tx
        .update(staffAdjustments)
        .set({ status: 'REJECTED', decidedBy: actor.actorId, decidedAt: new Date(), rejectReason: reason })
        .where(eq(staffAdjustments.id, id))
        .returning();
      await audit(tx, actor, 'adjustment.reject', auditView(current), rejected!);
      return rejected!;
    });
    return presentOne(row);
  }

  async function list(query: AdjustmentsListQuery, page: number, limit: number) {
    const where = and(
      query.status === 'ALL' ? undefined : eq(staffAdjustments.status, query.status),
      query.playerId ? eq(staffAdjustments.playerId, query.playerId) : undefined,
      query.dateFrom ? gte(staffAdjustments.createdAt, dateOf(query.dateFrom, 'from')) : undefined,
      query.dateTo ? lte(staffAdjustments.createdAt, dateOf(query.dateTo, 'to')) : undefined,
    );
    const direction = query.order === 'asc' ? asc : desc;
    const column = query.sort === 'amount' ? staffAdjustments.amount : staffAdjustments.createdAt;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(staffAdjustments)
        .where(where)
        .orderBy(direction(column), direction(staffAdjustments.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ count: count() }).from(staffAdjustments).where(where),
    ]);
    return { items: await present(rows), total: total?.count ?? 0 };
  }

  return {
    request: requestAdjustment,
    approve,
    reject,
    list,
    one: async (id: string) => presentOne(await byId(id)),
  };
}
