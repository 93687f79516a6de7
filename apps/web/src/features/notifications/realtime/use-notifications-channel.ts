import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '@/config/runtime-config';
import { api } from '@/lib/api-client';
import { useIdleTracker } from '@/lib/idle-tracker';
import { useAuthStatus, useUser } from '@/lib/session/use-session';
import type { NotificationsChannel } from './channel';

/**
 * The live notifications channel, open while a player is signed in (spec 001 §7): each newNotification
 * is a toast, a sound and a browser notification, and the data it changed refreshes. The idle tracker emits on it.
 * socket.io-client and the notification texts are loaded only then, outside the first screen's JavaScript.
 */
export function useNotificationsChannel() {
  const { t, i18n } = useTranslation();
  // The current language's texts, without reconnecting when the language changes.
  const translation = useRef({ t, language: i18n.language });
  translation.current = { t, language: i18n.language };
  const queryClient = useQueryClient();
  const { isSignedIn } = useAuthStatus();
  const userId = useUser().data?.user?.userId;
  const [channel, setChannel] = useState<NotificationsChannel>();

  useEffect(() => {
    if (!isSignedIn || !userId) return;
    let open: NotificationsChannel | undefined;
    let cancelled = false;
    import('./live-notifications').then(
      ({ startLiveNotifications }) => {
        if (cancelled) return;
        open = startLiveNotifications({
          userId,
          socketUrl: getRuntimeConfig().socketUrl,
          queryClient,
          refreshTokens: () => api.refreshTokens(),
          translation: () => translation.current,
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
