import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';
import { paths } from './paths';

const VerificationsPage = lazy(() => import('./components/verifications-page'));
const VerificationPage = lazy(() => import('./components/verification-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [
    { path: 'verifications', element: <VerificationsPage /> },
    { path: 'verifications/:id', element: <VerificationPage /> },
  ],
  nav: [{ to: paths.list, label: 'Verifications', permission: 'verifications.review', order: 31 }],
};
