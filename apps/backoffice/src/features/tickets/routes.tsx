import { lazy } from 'react';
import type { FeatureRoutes } from '../../lib/nav';

const TicketsPage = lazy(() => import('./components/tickets-page'));
const TicketPage = lazy(() => import('./components/ticket-page'));
const CannedPage = lazy(() => import('./components/canned-page'));

export const { routes, nav }: FeatureRoutes = {
  routes: [
    { path: 'tickets', element: <TicketsPage /> },
    { path: 'tickets/canned', element: <CannedPage /> },
    { path: 'tickets/:id', element: <TicketPage /> },
  ],
  nav: [{ to: '/tickets', label: 'Tickets', permission: 'tickets.answer', order: 25 }],
};
