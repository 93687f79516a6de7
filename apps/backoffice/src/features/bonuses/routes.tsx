import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const BonusesPage = lazy(() => import('./components/bonuses-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [{ path: 'bonuses', element: <BonusesPage /> }],
  nav: [{ to: '/bonuses', label: 'Bonuses', permission: 'bonuses.read', order: 50 }],
};
