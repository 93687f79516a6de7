// The reconciliation's public surface: its service (app.reconciliation) and what a report holds.
export type { ReconciliationReport, ReconciliationService } from './service.ts';
