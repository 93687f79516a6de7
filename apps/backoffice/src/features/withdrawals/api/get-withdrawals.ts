/** The withdrawals list (DataTable adds its path, filters, page and sort to this key). */
export const withdrawalsKey = 'withdrawals';
export const withdrawalsPath = '/withdrawals';
