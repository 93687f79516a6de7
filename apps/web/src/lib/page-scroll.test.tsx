import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it, vi } from 'vitest';
import { InstantScrollOnNavigation } from './page-scroll';

it('stops a gliding scroll on each navigation, but not on the first commit (no layout forced there)', async () => {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  try {
    const router = createMemoryRouter([{ path: '*', element: <InstantScrollOnNavigation /> }], {
      initialEntries: ['/'],
    });
    render(<RouterProvider router={router} />);
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/faq'));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'instant' }));
  } finally {
    scrollTo.mockRestore();
  }
});
