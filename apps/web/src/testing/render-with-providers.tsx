import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { setRuntimeConfig } from '@/config/runtime-config';
import { initI18n } from '@/lib/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { testRuntimeConfig } from '@/testing/render-route';

/** Renders one component (not a route) with fresh caches, a router and English strings. */
export async function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  setRuntimeConfig(testRuntimeConfig);
  await initI18n('en');
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
