import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import { markCodeSent, TIME_FOR_CODE_STORAGE_KEY } from '@/lib/resend-timer';
import { CodeEntry } from './code-entry';
import { ResendCode } from './resend-code';

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const values = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('|');

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CodeEntry', () => {
  it('strips non-digits and moves to the next box as digits are typed', async () => {
    const user = userEvent.setup();
    render(<CodeEntry onComplete={vi.fn()} />);
    expect(box(1)).toHaveFocus();
    await user.keyboard('a1-b2 ');
    expect(values()).toBe('1|2||||');
    expect(box(3)).toHaveFocus();
  });

  it('leaves focus where typing has got to when its first-box focus runs late (after paint)', async () => {
    // Rendered outside act, as in the browser: the mount effect runs after paint, and typing may come first.
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    try {
      root.render(<CodeEntry onComplete={vi.fn()} />);
      await vi.waitFor(() => box(3));
      box(3).focus();
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(box(3)).toHaveFocus();
    } finally {
      act(() => root.unmount());
      host.remove();
    }
  });

  it('spreads a paste over the boxes (up to six digits) and submits by itself at six', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<CodeEntry onComplete={onComplete} />);
    await user.paste('12-34');
    expect(values()).toBe('1|2|3|4||');
    expect(onComplete).not.toHaveBeenCalled();
    await user.paste('5 6 7 8');
    expect(values()).toBe('1|2|3|4|5|6');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');

    await user.click(box(2));
    await user.paste('987654321');
    expect(values()).toBe('9|8|7|6|5|4');
    expect(onComplete).toHaveBeenLastCalledWith('987654');
  });

  it('moves with the arrow keys and Backspace clears then steps back', async () => {
    const user = userEvent.setup();
    render(<CodeEntry onComplete={vi.fn()} />);
    await user.keyboard('123');
    expect(box(4)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1|2||||');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1|||||');
    expect(box(2)).toHaveFocus();
  });

  it('shows the error state in red and reports edits so the parent can clear it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CodeEntry onComplete={vi.fn()} onChange={onChange} error="Invalid verification code" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
    expect(box(1).closest('fieldset')?.className).toMatch(/error/);
    await user.keyboard('4');
    expect(onChange).toHaveBeenCalledWith('4');
  });

  it('keeps a letter typed into an empty box off the screen', async () => {
    const user = userEvent.setup();
    render(<CodeEntry onComplete={vi.fn()} />);
    await user.keyboard('7');
    await user.keyboard('x');
    expect(values()).toBe('7|||||');
    expect(box(2)).toHaveFocus();
  });

  it('a box given several digits at once (autofill) fills from there', () => {
    const onComplete = vi.fn();
    render(<CodeEntry onComplete={onComplete} />);
    // Browsers deliver an autofilled code as an input event.
    fireEvent.input(box(1), { target: { value: '246810' } });
    expect(values()).toBe('2|4|6|8|1|0');
    expect(onComplete).toHaveBeenCalledWith('246810');
  });
});

describe('ResendCode', () => {
  it('counts down from the stored timestamp and shows the link at 0', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    markCodeSent(Date.now() - 15_000);
    render(<ResendCode onResend={vi.fn(async () => undefined)} />);
    expect(screen.getByText('Resend code in 0:45')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(44_000);
    });
    expect(screen.getByText('Resend code in 0:01')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
  });

  it('survives reopening: a new mount reads the same wait from localStorage', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    markCodeSent();
    const first = render(<ResendCode onResend={vi.fn(async () => undefined)} />);
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    first.unmount();
    expect(localStorage.getItem(TIME_FOR_CODE_STORAGE_KEY)).toBe(String(Date.now() - 20_000));
    render(<ResendCode onResend={vi.fn(async () => undefined)} />);
    expect(screen.getByText('Resend code in 0:40')).toBeInTheDocument();
  });

  it('resends on click and starts the wait again', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const onResend = vi.fn(async () => {
      markCodeSent();
    });
    render(<ResendCode onResend={onResend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await act(async () => {});
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Resend code in 1:00')).toBeInTheDocument();
  });
});
