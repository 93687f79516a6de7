import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import './styles/mantine-theme.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { setUnauthorizedHandler } from './lib/api';
import { loadConfig } from './lib/config';
import { meQuery } from './lib/session';
import { theme } from './styles/theme';
import './styles/app.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
// A session that ended (idle, signed out elsewhere, role revoked) sends the member back to the sign-in page.
setUnauthorizedHandler(() => queryClient.setQueryData(meQuery.queryKey, null));

const root = createRoot(document.getElementById('root') as HTMLElement);
// The built page runs this once its stylesheets have loaded (scripts/vite-plugin-paint-first.ts): the first render
// waits for the config only.
loadConfig()
  .then(() =>
    root.render(
      <StrictMode>
        {/* The theme's variables and classes come from styles/mantine-theme.css: the CSP allows no injected <style>. */}
        <MantineProvider
          theme={theme}
          forceColorScheme="light"
          withCssVariables={false}
          withGlobalClasses={false}
        >
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  )
  .catch(() =>
    root.render(<p role="alert">The back office could not load its configuration. Reload the page.</p>),
  );
