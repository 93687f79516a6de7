import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const GamesPage = lazy(() => import('./components/games-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [{ path: 'games', element: <GamesPage /> }],
  nav: [{ to: '/games', label: 'Games', permission: 'games.read', order: 60 }],
};
