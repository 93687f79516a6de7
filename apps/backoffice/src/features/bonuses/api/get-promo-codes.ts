/** The promo codes list (DataTable fetches it: pages, sort, filters and CSV on the server). */
export const promoCodesPath = '/bonuses/promo-codes';
/** The list's query key; DataTable adds its path, filters, page and sort. */
export const promoCodesKey = 'promo-codes';
