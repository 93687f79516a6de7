/** The games list's query key (DataTable adds its path, filters, page and sort). */
export const staffGamesKey = 'staff-games';
