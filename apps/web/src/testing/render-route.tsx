import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { type RuntimeConfig, setRuntimeConfig } from '@/config/runtime-config';
import { initI18n, type Language } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';

export const testRuntimeConfig: RuntimeConfig = {
  identityApiUrl: '/api/identity',
  platformApiUrl: '/api/platform',
  notificationsApiUrl: '/api/notifications',
  ticketsApiUrl: '/api/tickets',
  bonusesApiUrl: '/api/bonuses',
  newsApiUrl: '/api/news',
  socketUrl: '',
  platformUrl: 'http://localhost:3001',
  spaceUrl: 'http://localhost:3000',
  isPlatform: false,
};

/** Renders the real route table at `path`, as a deep link would, with fresh caches. */
export async function renderRoute(path: string, { language = 'en' }: { language?: Language } = {}) {
  setRuntimeConfig(testRuntimeConfig);
  await initI18n(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
