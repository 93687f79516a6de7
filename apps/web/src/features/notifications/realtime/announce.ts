import type { Notification } from '@paws/contracts/notifications';
import type { TFunction } from 'i18next';
import { showToast } from '@/components/ui/toaster';
import { showBrowserNotification } from '@/lib/browser-notifications';
import { playNotificationSound } from '@/lib/notification-sound';

export interface AnnounceDeps {
  t: TFunction;
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
    toast = showToast,
    playSound = playNotificationSound,
    browserNotification = showBrowserNotification,
  }: AnnounceDeps,
) {
  const title = t(`notificationsPage.categories.${notification.category}`);
  toast({ title, message: notification.notificationMessage });
  playSound();
  try {
    browserNotification(title, { body: notification.notificationMessage, tag: notification.id });
  } catch (error) {
    console.error('Error while showing notification', error);
    toast({
      title: t('notificationsPage.categories.SYSTEM'),
      message: t('notificationsPage.showFailed'),
      tone: 'error',
    });
  }
}
