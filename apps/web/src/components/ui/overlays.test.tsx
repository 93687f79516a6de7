import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import {
  AnimatedBackground,
  FADE_IN_DELAY_MS,
  SPARKLE_MAX_MS,
  SPARKLE_MIN_MS,
  SPARKLES_DESKTOP,
  SPARKLES_MOBILE,
  sparkleInterval,
} from './animated-background';
import { FromPwaNotice } from './from-pwa-notice';
import { OnboardingVibeStep } from './onboarding-vibe-step';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubMedia(matching: (query: string) => boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matching(query),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })),
  );
}

describe('fromPWA notice', () => {
  const renderAt = (path: string) => {
    const router = createMemoryRouter([{ path: '*', element: <FromPwaNotice /> }], {
      initialEntries: [path],
    });
    render(<RouterProvider router={router} />);
    return router;
  };

  it('tells a browser visitor to add the app to the home screen; OK clears the query', async () => {
    const user = userEvent.setup();
    const router = renderAt('/?fromPWA=true&x=1');
    expect(
      screen.getByRole('alertdialog', { name: 'You are redirected from another application' }),
    ).toHaveTextContent("'Add to home screen'");
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?x=1');
  });

  it('stays hidden in the installed app and without the flag', () => {
    stubMedia((query) => query === '(display-mode: standalone)');
    renderAt('/?fromPWA=true');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    renderAt('/');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('onboarding vibe step', () => {
  it('highlights the vibe menu, then the burger menu on small screens, then finishes', async () => {
    const user = userEvent.setup();
    stubMedia(() => false);
    const onFinish = vi.fn();
    render(
      <>
        <button type="button" data-onboarding="vibe-menu">
          vibe
        </button>
        <OnboardingVibeStep onFinish={onFinish} />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Pick your vibe' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Everything else is in Menu' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('has only the vibe step on wide screens', async () => {
    const user = userEvent.setup();
    stubMedia((query) => query.includes('min-width: 1024px'));
    const onFinish = vi.fn();
    render(<OnboardingVibeStep onFinish={onFinish} />);
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });
});

describe('animated background', () => {
  it('uses 59 sparkles on desktop, 49 on mobile, and fades in after 100ms', async () => {
    vi.useFakeTimers();
    stubMedia(() => false);
    const { container, unmount } = render(<AnimatedBackground />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.dataset.layout).toBe('desktop');
    expect(container.querySelectorAll('[data-sparkle]')).toHaveLength(SPARKLES_DESKTOP);
    expect(container.querySelector('svg')).toHaveAttribute('viewBox', '0 0 1440 4443');
    const initial = root.className;
    await act(async () => {
      vi.advanceTimersByTime(FADE_IN_DELAY_MS);
    });
    expect(root.className).not.toBe(initial);
    unmount();

    stubMedia((query) => query.includes('max-width: 768px'));
    const mobile = render(<AnimatedBackground />);
    expect(mobile.container.querySelectorAll('[data-sparkle]')).toHaveLength(SPARKLES_MOBILE);
    expect(mobile.container.querySelector('svg')).toHaveAttribute('viewBox', '0 0 390 1328');
  });

  it('toggles sparkles at random intervals of 2 to 5 seconds', () => {
    expect(sparkleInterval(() => 0)).toBe(SPARKLE_MIN_MS);
    expect(sparkleInterval(() => 0.999999)).toBeCloseTo(SPARKLE_MAX_MS, 0);
  });

  const litSparkles = (container: HTMLElement) =>
    [...container.querySelectorAll('[data-sparkle]')].filter((node) => node.classList.length > 1).length;

  it('toggles sparkles while the page is shown, and holds them still, lit, under reduced motion', async () => {
    vi.useFakeTimers();
    stubMedia(() => false);
    const moving = render(<AnimatedBackground />);
    expect(litSparkles(moving.container)).toBe(SPARKLES_DESKTOP);
    await act(async () => {
      vi.advanceTimersByTime(SPARKLE_MAX_MS);
    });
    expect(litSparkles(moving.container)).toBeLessThan(SPARKLES_DESKTOP);
    moving.unmount();

    stubMedia((query) => query.includes('prefers-reduced-motion: reduce'));
    const still = render(<AnimatedBackground />);
    await act(async () => {
      vi.advanceTimersByTime(3 * SPARKLE_MAX_MS);
    });
    expect(litSparkles(still.container)).toBe(SPARKLES_DESKTOP);
  });

  it('pauses the sparkles while the page is hidden', async () => {
    vi.useFakeTimers();
    stubMedia(() => false);
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const { container } = render(<AnimatedBackground />);
    await act(async () => {
      vi.advanceTimersByTime(3 * SPARKLE_MAX_MS);
    });
    expect(litSparkles(container)).toBe(SPARKLES_DESKTOP);
    hidden.mockRestore();
  });
});
