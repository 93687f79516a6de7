/** Spec 000 §4/§8/§9: browser notifications. */
export const BROWSER_NOTIFICATION_CLOSE_MS = 5_000;

type NotificationApi = Pick<typeof Notification, 'permission' | 'requestPermission'> &
  (new (
    title: string,
    options?: NotificationOptions,
  ) => Notification);

const api = (): NotificationApi | undefined =>
  typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined;

/** Asks once on load while the permission is still 'default'. A failure is logged and treated as denied. */
export async function requestNotificationPermission(
  notifications: NotificationApi | undefined = api(),
): Promise<NotificationPermission> {
  if (!notifications) {
    console.warn('This browser does not support notifications');
    return 'denied';
  }
  if (notifications.permission !== 'default') return notifications.permission;
  try {
    return await notifications.requestPermission();
  } catch (error) {
    console.error('Notification permission request failed', error);
    return 'denied';
  }
}

/** Shows a notification when allowed; it closes itself after 5 seconds. */
export function showBrowserNotification(
  title: string,
  options?: NotificationOptions,
  notifications: NotificationApi | undefined = api(),
): Notification | undefined {
  if (notifications?.permission !== 'granted') return undefined;
  const notification = new notifications(title, options);
  setTimeout(() => notification.close(), BROWSER_NOTIFICATION_CLOSE_MS);
  return notification;
}
