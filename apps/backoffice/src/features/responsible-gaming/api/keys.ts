/** Query keys of the responsible gaming area: DataTable adds its path, page and sort after them. */
export const responsibleGamingKeys = {
  /** The latest scoring's flagged players. */
  flagged: 'responsible-gaming-flagged',
};
