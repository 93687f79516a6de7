import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { keyThisHistoryEntry } from '@/lib/page-scroll';
import { AppProvider } from './provider';
import { routes } from './routes';

keyThisHistoryEntry();
const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
