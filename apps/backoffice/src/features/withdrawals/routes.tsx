import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const WithdrawalsPage = lazy(() => import('./components/withdrawals-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [{ path: 'withdrawals', element: <WithdrawalsPage /> }],
  nav: [{ to: '/withdrawals', label: 'Withdrawals', permission: 'withdrawals.review', order: 30 }],
};
