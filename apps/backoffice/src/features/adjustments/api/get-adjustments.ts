/** The adjustments lists (DataTable adds its path, filters, page and sort to this key). */
export const adjustmentsKey = 'adjustments';
export const adjustmentsPath = '/adjustments';
