import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const PlayersToContactPage = lazy(() => import('./components/players-to-contact-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [{ path: 'responsible-gaming', element: <PlayersToContactPage /> }],
  nav: [
    {
      to: '/responsible-gaming',
      label: 'Players to contact',
      permission: 'responsible-gaming.read',
      order: 25,
    },
  ],
};
