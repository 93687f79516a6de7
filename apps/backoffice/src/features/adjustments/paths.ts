export const paths = {
  list: '/adjustments',
  /** The form, for one player when given (the player page links here). */
  new: (playerId?: string) =>
    `/adjustments/new${playerId ? `?playerId=${encodeURIComponent(playerId)}` : ''}`,
};
