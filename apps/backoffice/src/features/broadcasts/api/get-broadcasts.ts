/** The broadcast history (DataTable fetches it: pages, sort, filters and CSV on the server). */
export const broadcastsPath = '/broadcasts';
/** The history's query key; DataTable adds its path, filters, page and sort. */
export const broadcastsKey = 'broadcasts';
