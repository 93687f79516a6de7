import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const BroadcastsPage = lazy(() => import('./components/broadcasts-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [{ path: 'broadcasts', element: <BroadcastsPage /> }],
  nav: [{ to: '/broadcasts', label: 'Broadcasts', permission: 'broadcasts.send', order: 60 }],
};
