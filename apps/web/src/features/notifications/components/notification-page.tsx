import { renderNotificationMessage } from '@paws/contracts/notifications-messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { PageSpinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { paths } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useAuthStatus } from '@/lib/session/use-session';
import { markNotificationRead, NOTIFICATIONS_KEY, useDeleteNotification } from '../api/notifications';
import styles from './notifications.module.css';

/**
 * Spec 001 §2 /profile/notifications/{id}: category, message, date and time, the team's sign-off and
 * Delete. Opening it marks it read: the read call answers the notification itself, so it is also the read.
 */
export function NotificationPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isSignedIn } = useAuthStatus();
  const remove = useDeleteNotification();
  const query = useQuery({
    queryKey: ['notification', id] as const,
    queryFn: async () => {
      const notification = await markNotificationRead(id);
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      return notification;
    },
    // Once deleted it is never read again: a refetch (the page re-renders after the delete) would mark a
    // notification that no longer exists read, a 404.
    enabled: isSignedIn && id !== '' && remove.isIdle,
  });
  const notFound =
    isApiClientError(query.error) && (query.error.status === 404 || query.error.status === 400);

  let content = null;
  if (query.data) {
    const item = query.data;
    content = (
      <Frame as="article" angled accent className={styles.detail} aria-labelledby="notification-category">
        <p id="notification-category" className={styles.category}>
          {t(`notificationsPage.categories.${item.category}`)}
        </p>
        <p className={styles.detailMessage}>{renderNotificationMessage(item, i18n.language)}</p>
        <time dateTime={item.createdAt} className={styles.time}>
          {formatDateTime(item.createdAt, { locale: i18n.language })}
        </time>
        <p className={styles.signOff}>{t('notificationsPage.signOff')}</p>
        {remove.isError ? (
          <p role="alert" className={styles.error}>
            {t('notificationsPage.deleteFailed')}
          </p>
        ) : null}
        <Button
          variant="secondary"
          className={styles.delete}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(item.id, {
              onSuccess: () => {
                // Replaced, so Back does not return to a notification that is gone.
                navigate(paths.profileNotifications.getHref(), { replace: true });
                queryClient.removeQueries({ queryKey: ['notification', id] });
              },
            })
          }
        >
          {t('notificationsPage.delete')}
        </Button>
      </Frame>
    );
  } else if (notFound) {
    content = <p className={styles.notFound}>{t('notificationsPage.notFound')}</p>;
  } else if (query.isError) {
    content = <StatusPanel type="error" onRetry={() => query.refetch()} />;
  } else if (isSignedIn) {
    content = <PageSpinner />;
  }

  return (
    <>
      <PageHeader
        title={t('pages.notification.heading')}
        lead={t('pages.notification.lead')}
        back={{ to: paths.profileNotifications.getHref(), label: t('pages.notification.back') }}
      />
      {content}
    </>
  );
}
