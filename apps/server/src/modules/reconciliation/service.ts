import { desc, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { RoundState } from '../studio/index.ts';
import { type OpenBet, STUDIO_PROVIDER, type WalletService } from '../wallet/index.ts';
import { countFindings, findingKinds, type ReconciliationFindings } from './findings.ts';
import { reconciliationRuns } from './schema.ts';

/** A round or payment younger than this is still in flight, not a finding. */
export const GRACE_MS = 5 * 60_000;
/** Bets further back than this were reconciled by earlier runs. */
const LOOKBACK_MS = 24 * 60 * 60_000;
const KEEP_RUNS_MS = 90 * 24 * 60 * 60_000;

export interface ReconciliationDeps {
  db: Db;
  wallet: Pick<WalletService, 'ledgerFindings' | 'openBets'>;
  /** The studio's rounds among these wallet round ids. */
  roundStates(roundIds: readonly string[]): Promise<Map<string, RoundState>>;
  /** Payments still PENDING that were made before a time. */
  pendingPayments(
    before: Date,
  ): Promise<{ id: string; userId: string; type: string; amount: number; createdAt: Date }[]>;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * The ledger reconciliation: every balance equals the sum of its entries, every transaction sums to zero,
 * no bet without its round, no finished round with an unpaid win, no payment stuck past its deadline.
 * Each run is stored with its findings (the back office reads them) and logged.
 */
export function createReconciliationService(deps: ReconciliationDeps) {
  const { db, wallet, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function studioFindings(bets: OpenBet[]) {
    const states = await deps.roundStates(bets.map((bet) => bet.roundId));
    const orphanBets: ReconciliationFindings['orphanBets'] = [];
    const unpaidRounds: ReconciliationFindings['unpaidRounds'] = [];
    for (const bet of bets) {
      const state = states.get(bet.roundId);
      const base = { roundId: bet.roundId, userId: bet.userId, currency: bet.currency };
      if (!state) orphanBets.push({ ...base, amount: bet.amount, createdAt: bet.createdAt.toISOString() });
      else if (state.finished && state.payout > 0 && !state.paidAt) {
        unpaidRounds.push({ ...base, payout: state.payout, finishedAt: state.updatedAt.toISOString() });
      }
    }
    return { orphanBets, unpaidRounds };
  }

  /** One run; `graceMs` shortens the grace for money in flight (when nothing can be in flight). */
  async function run({ graceMs = GRACE_MS }: { graceMs?: number } = {}) {
    const startedAt = now();
    const deadline = new Date(startedAt.getTime() - graceMs);
    const bets = await wallet.openBets(
      STUDIO_PROVIDER.code,
      deadline,
      new Date(deadline.getTime() - LOOKBACK_MS),
    );
    const [ledger, studio, pending] = await Promise.all([
      wallet.ledgerFindings(),
      studioFindings(bets),
      deps.pendingPayments(deadline),
    ]);
    const findings: ReconciliationFindings = {
      ...ledger,
      ...studio,
      stuckPayments: pending.map((p) => ({
        paymentId: p.id,
        userId: p.userId,
        type: p.type,
        amount: p.amount,
        createdAt: p.createdAt.toISOString(),
      })),
    };
    const findingCount = countFindings(findings);
    const [row] = await db
      .insert(reconciliationRuns)
      .values({ startedAt, finishedAt: now(), findingCount, findings })
      .returning();
    await db
      .delete(reconciliationRuns)
      .where(lt(reconciliationRuns.startedAt, new Date(startedAt.getTime() - KEEP_RUNS_MS)));
    if (findingCount === 0) log.info('reconciliation: the ledger reconciles');
    else {
      for (const kind of findingKinds) {
        if (findings[kind].length > 0) {
          log.error(
            { kind, count: findings[kind].length, sample: findings[kind].slice(0, 5) },
            'reconciliation finding',
          );
        }
      }
    }
    return toReport(row as typeof reconciliationRuns.$inferSelect);
  }

  async function latest() {
    const [row] = await db
      .select()
      .from(reconciliationRuns)
      .orderBy(desc(reconciliationRuns.startedAt))
      .limit(1);
    return row ? toReport(row) : null;
  }

  return { run, latest };
}

function toReport(row: typeof reconciliationRuns.$inferSelect) {
  return {
    runId: row.id,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
    findingCount: row.findingCount,
    findings: row.findings,
  };
}

export type ReconciliationService = ReturnType<typeof createReconciliationService>;
export type ReconciliationReport = NonNullable<Awaited<ReturnType<ReconciliationService['latest']>>>;
