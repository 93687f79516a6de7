import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VibeMenu } from '@/components/ui/vibe-menu';
import { initI18n } from '@/lib/i18n/i18n';
import { applyVibe, readStoredVibe } from '@/lib/vibe';
import { VibeTransition } from './vibe-transition';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.useRealTimers();
  applyVibe('strategic-green');
});

describe('vibes', () => {
  it('switches from the vibe menu and remembers the choice', async () => {
    const user = userEvent.setup();
    render(<VibeMenu />);
    expect(readStoredVibe()).toBe('strategic-green');
    await user.click(screen.getByRole('button', { name: 'Change Vibe' }));
    expect(screen.getByRole('button', { name: 'Tactic' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Calm' }));
    expect(document.documentElement.dataset.vibe).toBe('calm-blue');
    expect(readStoredVibe()).toBe('calm-blue');
  });

  it('starts the transition 50ms after the attribute changes and ends on animationend', async () => {
    vi.useFakeTimers();
    render(<VibeTransition />);
    act(() => applyVibe('aggressive-red'));
    await act(async () => {
      await Promise.resolve();
      vi.advanceTimersByTime(49);
    });
    expect(screen.queryByTestId('vibe-transition')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    const overlay = screen.getByTestId('vibe-transition');
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByTestId('vibe-transition')).toBe(overlay);
    fireEvent.animationEnd(overlay);
    expect(screen.queryByTestId('vibe-transition')).not.toBeInTheDocument();
  });
});
