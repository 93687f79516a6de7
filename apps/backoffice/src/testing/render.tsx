import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render as renderInDocument } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../styles/theme';

/** One recorded call to the staff API. */
export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * Replaces fetch at the network boundary: `answer` gets each call and returns the JSON body and status
 * the server would. The calls are recorded for the test to read.
 */
export function mockApi(answer: (call: Call) => { status?: number; body?: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: new URL(input, 'http://backoffice.test'),
        body:
          init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const { status = 200, body } = answer(call);
      return new Response(body === undefined ? '' : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

/** A screen inside a router and a fresh query client, as the app renders it. */
export function renderScreen(element: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The app's theme around what a test draws; `env="test"` turns off transitions and portals. */
function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light" env="test">
      {children}
    </MantineProvider>
  );
}

/** Testing Library's render inside the app's providers (Mantine's components need theirs). */
export function render(element: ReactNode, options?: Omit<RenderOptions, 'wrapper'>) {
  return renderInDocument(element, { wrapper: Providers, ...options });
}
