// The reports' public surface: its service (app.reports), which the back office's dashboard, reports and
// games areas read.
export type { ReportsService } from './service.ts';
export { createReportsTimeline } from './staff-timeline.ts';
