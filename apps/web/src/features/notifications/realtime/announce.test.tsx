import type { Notification } from '@paws/contracts/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToasts, Toaster } from '@/components/ui/toaster';
import { showBrowserNotification } from '@/lib/browser-notifications';
import { i18n, initI18n } from '@/lib/i18n/i18n';
import { announceNotification } from './announce';

const deposit: Notification = {
  id: 'n-1',
  notificationMessage: 'Your deposit of $25.00 was credited to your balance.',
  category: 'FINANCIAL',
  isRead: false,
  createdAt: '2026-11-22T10:00:00.000Z',
};

/** A granted browser Notification API whose instances record their options and closing. */
function grantedNotifications() {
  const shown: { title: string; options?: NotificationOptions; close: ReturnType<typeof vi.fn> }[] = [];
  const Api = vi.fn(function (this: { close: () => void }, title: string, options?: NotificationOptions) {
    this.close = vi.fn();
    shown.push({ title, options, close: this.close as ReturnType<typeof vi.fn> });
  }) as unknown as typeof Notification;
  Object.assign(Api, { permission: 'granted', requestPermission: vi.fn() });
  return { Api, shown };
}

beforeAll(() => initI18n('en'));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  act(() => clearToasts());
});

describe('announcing a new notification', () => {
  it('tells a keyed notification in the reader’s language, in the toast and the browser notification', () => {
    render(<Toaster />);
    const browserNotification = vi.fn();
    act(() =>
      announceNotification(
        { ...deposit, messageKey: 'payment.deposit', messageParams: { amount: '$25.00' } },
        { t: i18n.t, language: 'it', playSound: () => {}, browserNotification },
      ),
    );
    const text = 'Il tuo deposito di $25.00 è stato accreditato sul tuo saldo.';
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(browserNotification).toHaveBeenCalledWith('Finance', { body: text, tag: 'n-1' });
  });

  it('shows a toast titled with its category, plays the chime, and a browser notification closing after 5 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    const { Api, shown } = grantedNotifications();
    const playSound = vi.fn();
    act(() =>
      announceNotification(deposit, {
        t: i18n.t,
        playSound,
        browserNotification: (title, options) => showBrowserNotification(title, options, Api),
      }),
    );
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Finance');
    expect(toast).toHaveTextContent(deposit.notificationMessage);
    expect(playSound).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([
      {
        title: 'Finance',
        options: { body: deposit.notificationMessage, tag: 'n-1' },
        close: expect.any(Function),
      },
    ]);
    act(() => vi.advanceTimersByTime(4_999));
    expect(shown[0]?.close).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(shown[0]?.close).toHaveBeenCalledTimes(1);
  });

  it("says 'Error while showing notification' (System) when the browser notification fails", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Toaster />);
    act(() =>
      announceNotification(deposit, {
        t: i18n.t,
        playSound: () => {},
        browserNotification: () => {
          throw new TypeError('Illegal constructor');
        },
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('System');
    expect(alert).toHaveTextContent('Error while showing notification');
    expect(screen.getByRole('status')).toHaveTextContent(deposit.notificationMessage);
  });

  it('shows the failure in the chosen language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await initI18n('fr');
    render(<Toaster />);
    act(() =>
      announceNotification(deposit, {
        t: i18n.t,
        playSound: () => {},
        browserNotification: () => {
          throw new Error('blocked');
        },
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur lors de l’affichage de la notification');
    await initI18n('en');
  });
});
