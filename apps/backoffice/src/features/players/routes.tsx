import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const PlayersPage = lazy(() => import('./components/players-page'));
const PlayerPage = lazy(() => import('./components/player-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [
    { path: 'players', element: <PlayersPage /> },
    { path: 'players/:id', element: <PlayerPage /> },
  ],
  nav: [{ to: '/players', label: 'Players', permission: 'players.read', order: 20 }],
};
