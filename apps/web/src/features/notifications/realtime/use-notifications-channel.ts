import type { Notification } from '@paws/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '@/config/runtime-config';
import { api } from '@/lib/api-client';
import { useIdleTracker } from '@/lib/idle-tracker';
import { useAuthStatus, useUser } from '@/lib/session/use-session';
import { announceNotification } from './announce';
import { type NotificationsChannel, openNotificationsChannel } from './channel';
import { keysChangedBy } from './live-refresh';

/**
 * The live notifications channel, open while a player is signed in (spec 001 §7): each newNotification
 * is a toast, a sound and a browser notification, and the data it changed refreshes. The idle tracker emits on it.
 * socket.io-client is loaded only then, outside the first screen's JavaScript.
 */
export function useNotificationsChannel() {
  const { t, i18n } = useTranslation();
  // The current language's texts, without reconnecting when the language changes.
  const translate = useRef(t);
  translate.current = t;
  const language = useRef(i18n.language);
  language.current = i18n.language;
  const queryClient = useQueryClient();
  const { isSignedIn } = useAuthStatus();
  const userId = useUser().data?.user?.userId;
  const [channel, setChannel] = useState<NotificationsChannel>();

  useEffect(() => {
    if (!isSignedIn || !userId) return;
    let open: NotificationsChannel | undefined;
    let cancelled = false;
    const onNotification = (notification: Notification) => {
      // Whatever the event changed refreshes on this screen (and every other open one: each has its channel).
      for (const queryKey of keysChangedBy(notification)) void queryClient.invalidateQueries({ queryKey });
      announceNotification(notification, { t: translate.current, language: language.current });
    };
    import('socket.io-client').then(
      ({ io }) => {
        if (cancelled) return;
        open = openNotificationsChannel({
          userId,
          socketUrl: getRuntimeConfig().socketUrl,
          connect: (url, options) => io(url, options),
          refreshTokens: () => api.refreshTokens(),
          onNotification,
          // Whether live notifications flow, on <html data-notifications-live> (end-to-end tests wait for it).
          onLiveChange: (live) => {
            document.documentElement.dataset.notificationsLive = String(live);
          },
        });
        setChannel(open);
      },
      (error: unknown) => console.error('Notifications channel not loaded', error),
    );
    return () => {
      cancelled = true;
      open?.close();
      delete document.documentElement.dataset.notificationsLive;
      setChannel(undefined);
    };
  }, [isSignedIn, userId, queryClient]);

  useIdleTracker(userId, channel);
}
