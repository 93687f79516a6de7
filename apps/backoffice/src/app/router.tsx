import { createBrowserRouter, Navigate } from 'react-router';
import { InvitePage } from '../features/auth/invite-page';
import { LoginPage } from '../features/auth/login-page';
import { featureRoutes, navItems } from './features';
import { RouteError } from './route-error';

/** The first screen the signed-in member may see. */
function Home() {
  return <Navigate to={navItems[0]?.to ?? '/staff'} replace />;
}

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  { path: '/invite', element: <InvitePage />, errorElement: <RouteError /> },
  {
    path: '/',
    // The signed-in frame (search, navigation) loads apart: the sign-in page, the first screen, runs without it
    // and without the zod its search contract brings.
    lazy: async () => ({ Component: (await import('./layout')).Layout }),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Home /> },
      ...featureRoutes.map((route) => ({ ...route, errorElement: <RouteError /> })),
      { path: '*', element: <p className="empty">This page does not exist.</p> },
    ],
  },
]);
