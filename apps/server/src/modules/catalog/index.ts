// The catalogue's public surface for other modules: the back office's game settings and the game list
// the reports name their rows with.
export { createGamesAdmin, type GamesAdmin } from './admin.ts';
