import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const FactorRemovalsPage = lazy(() => import('./components/factor-removals-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [{ path: 'factor-removals', element: <FactorRemovalsPage /> }],
  nav: [
    { to: '/factor-removals', label: 'Factor removals', permission: 'players.factors.approve', order: 33 },
  ],
};
