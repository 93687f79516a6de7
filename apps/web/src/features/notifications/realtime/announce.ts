import type { Notification } from '@paws/contracts/notifications';
import { renderNotificationMessage } from '@paws/contracts/notifications-messages';
import type { TFunction } from 'i18next';
import { showToast } from '@/components/ui/toaster';
import { showBrowserNotification } from '@/lib/browser-notifications';
import { playNotificationSound } from '@/lib/notification-sound';

export interface AnnounceDeps {
  t: TFunction;
  /** The reader's language the message is rendered in (defaults to English). */
  language?: string;
  toast?: typeof showToast;
  playSound?: () => unknown;
  browserNotification?: (title: string, options?: NotificationOptions) => unknown;
}

/**
 * Spec 001 §7/§9: a new notification is a toast titled with its category, a chime and a browser
 * notification; when the browser notification fails, a System toast says so.
 */
export function announceNotification(
  notification: Notification,
  {
    t,
    language,
    toast = showToast,
    playSound = playNotificationSound,
    browserNotification = showBrowserNotification,
  }: AnnounceDeps,
) {
  const title = t(`notificationsPage.categories.${notification.category}`);
  const message = renderNotificationMessage(notification, language);
  toast({ title, message });
  playSound();
  try {
    browserNotification(title, { body: message, tag: notification.id });
  } catch (error) {
    console.error('Error while showing notification', error);
    toast({
      title: t('notificationsPage.categories.SYSTEM'),
      message: t('notificationsPage.showFailed'),
      tone: 'error',
    });
  }
}
