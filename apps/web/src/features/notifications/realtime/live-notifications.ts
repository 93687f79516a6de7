import type { Notification } from '@paws/contracts/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { io } from 'socket.io-client';
import { announceNotification } from './announce';
import { type NotificationsChannel, openNotificationsChannel } from './channel';
import { keysChangedBy } from './live-refresh';

export interface LiveNotificationsOptions {
  userId: string;
  socketUrl: string;
  queryClient: QueryClient;
  refreshTokens: () => Promise<void>;
  /** The current language's texts and code, read when a notification arrives (no reconnecting on a switch). */
  translation: () => { t: TFunction; language: string };
}

/**
 * The socket, the announcements and the live refresh behind the notifications channel: loaded only once a
 * player is signed in (with socket.io-client and the notification texts), off the first screen's JavaScript.
 */
export function startLiveNotifications({
  userId,
  socketUrl,
  queryClient,
  refreshTokens,
  translation,
}: LiveNotificationsOptions): NotificationsChannel {
  const onNotification = (notification: Notification) => {
    // Whatever the event changed refreshes on this screen (and every other open one: each has its channel).
    for (const queryKey of keysChangedBy(notification)) void queryClient.invalidateQueries({ queryKey });
    announceNotification(notification, translation());
  };
  return openNotificationsChannel({
    userId,
    socketUrl,
    connect: (url, options) => io(url, options),
    refreshTokens,
    onNotification,
    // Whether live notifications flow, on <html data-notifications-live> (end-to-end tests wait for it).
    onLiveChange: (live) => {
      document.documentElement.dataset.notificationsLive = String(live);
    },
  });
}
