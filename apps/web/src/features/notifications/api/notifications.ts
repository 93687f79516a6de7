import type {
  Notification,
  NotificationCategory,
  NotificationsResponse,
} from '@paws/contracts/notifications';
import { NOTIFICATIONS_PAGE_SIZE } from '@paws/contracts/notifications-constants';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every notifications query starts with this key: one invalidation refreshes bell, panel, list and detail. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

export const getNotifications = (query: {
  category?: NotificationCategory | '';
  page?: number;
  limit?: number;
}) => api.notifications.get<NotificationsResponse>('/notifications', { query: { ...query } });

/** The newest notifications for the header bell and the bottom panel. */
export const recentNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'recent'] as const,
    queryFn: () => getNotifications({ page: 1, limit: NOTIFICATIONS_PAGE_SIZE }),
  });

/** /profile/notifications: one category ('' is All), page after page. */
export const notificationsListQueryOptions = (category: NotificationCategory | '') =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', category] as const,
    queryFn: ({ pageParam }) =>
      getNotifications({ category, page: pageParam, limit: NOTIFICATIONS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

/** Opening a notification marks it read; the answer is the notification itself. */
export const markNotificationRead = (id: string) =>
  api.notifications.patch<Notification>(`/notifications/read/${encodeURIComponent(id)}`);

export const deleteNotification = (id: string) =>
  api.notifications.delete<void>(`/notifications/${encodeURIComponent(id)}`);

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
