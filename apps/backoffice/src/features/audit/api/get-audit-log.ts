/** The audit log list (DataTable fetches it: pages, time order, filters and CSV on the server). */
export const auditLogPath = '/audit';
/** The list's query key; DataTable adds its path, filters, page and sort. */
export const auditLogKey = 'audit-log';
