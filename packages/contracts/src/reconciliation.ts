import { z } from 'zod';

/** GET /api/reconciliation/latest and POST /api/reconciliation/runs (finance, admin). */
const at = z.string();
export const reconciliationFindingsSchema = z.object({
  unbalanced: z.array(z.object({ transactionId: z.string(), currency: z.string(), total: z.string() })),
  thin: z.array(z.object({ transactionId: z.string() })),
  drift: z.array(z.object({ accountId: z.string(), balance: z.string(), entries: z.string() })),
  negative: z.array(z.object({ accountId: z.string() })),
  orphanBets: z.array(
    z.object({
      roundId: z.string(),
      userId: z.string(),
      currency: z.string(),
      amount: z.number(),
      createdAt: at,
    }),
  ),
  unpaidRounds: z.array(
    z.object({
      roundId: z.string(),
      userId: z.string(),
      currency: z.string(),
      payout: z.number(),
      finishedAt: at,
    }),
  ),
  stuckPayments: z.array(
    z.object({
      paymentId: z.string(),
      userId: z.string(),
      type: z.string(),
      amount: z.number(),
      createdAt: at,
    }),
  ),
});
export type ReconciliationFindings = z.infer<typeof reconciliationFindingsSchema>;

export const reconciliationReportSchema = z.object({
  runId: z.uuid(),
  startedAt: at,
  finishedAt: at,
  findingCount: z.number().int(),
  findings: reconciliationFindingsSchema,
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;
export const latestReconciliationSchema = z.object({ report: reconciliationReportSchema.nullable() });
