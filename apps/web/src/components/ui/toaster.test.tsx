import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, showToast, TOAST_MS, Toaster } from './toaster';

afterEach(() => {
  vi.useRealTimers();
  act(() => clearToasts());
});

describe('toaster', () => {
  it('shows a toast as a status message and removes it after its time', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() =>
      showToast({ title: 'Finance', message: 'Your deposit of $25.00 was credited to your balance.' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your deposit of $25.00 was credited to your balance.',
    );
    act(() => vi.advanceTimersByTime(TOAST_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the newest four, errors as alerts, and closes on the close button', async () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 4; i++) showToast({ title: 'System', message: `Note ${i}` });
      showToast({ title: 'System', message: 'Error while showing notification', tone: 'error' });
    });
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([
      expect.stringContaining('Note 2'),
      expect.stringContaining('Note 3'),
      expect.stringContaining('Note 4'),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Error while showing notification');
    await userEvent.setup().click(screen.getAllByRole('button')[0] as HTMLElement);
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });
});
