import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const AuditPage = lazy(() => import('./components/audit-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [{ path: 'audit', element: <AuditPage /> }],
  nav: [{ to: '/audit', label: 'Audit log', permission: 'audit.read', order: 95 }],
};
