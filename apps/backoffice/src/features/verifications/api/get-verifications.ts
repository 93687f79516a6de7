/** The verifications list (DataTable adds its path, filters, page and sort to this key). */
export const verificationsKey = 'verifications';
export const verificationsPath = '/verifications';
