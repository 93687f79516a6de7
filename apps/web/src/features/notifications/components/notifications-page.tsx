import type { NotificationCategory, NotificationsResponse } from '@paws/contracts/notifications';
import { notificationCategories, UNREAD_BADGE_CAP } from '@paws/contracts/notifications-constants';
import { renderNotificationMessage } from '@paws/contracts/notifications-messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Dropdown, type DropdownOption } from '@/components/ui/dropdown';
import { PageSpinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/format';
import { useAuthStatus } from '@/lib/session/use-session';
import { notificationsListQueryOptions } from '../api/notifications';
import styles from './notifications.module.css';

/** Spec 001 §9: unread counts above 9 read '9+'. */
export const unreadBadge = (count: number) =>
  count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);

type Choice = NotificationCategory | 'ALL';

/** Spec 001 §2 /profile/notifications: category dropdown with unread counts, the cards, error and empty states. */
export function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const { isSignedIn } = useAuthStatus();
  const [choice, setChoice] = useState<Choice>('ALL');
  const category = choice === 'ALL' ? '' : choice;
  const query = useInfiniteQuery({ ...notificationsListQueryOptions(category), enabled: isSignedIn });
  const unread: NotificationsResponse['unreadCounts'] | undefined = query.data?.pages[0]?.unreadCounts;

  const options: DropdownOption<Choice>[] = (['ALL', ...notificationCategories] as const).map((id) => {
    const count = unread?.[id === 'ALL' ? '' : id] ?? 0;
    const label = t(`notificationsPage.categories.${id}`);
    return { id, name: count > 0 ? `${label} (${unreadBadge(count)})` : label };
  });
  const items = query.data?.pages.flatMap((page) => page.notifications) ?? [];

  let content = null;
  if (query.isError) {
    content = <StatusPanel type="error" onRetry={() => query.refetch()} />;
  } else if (query.isPending) {
    content = isSignedIn ? <PageSpinner /> : null;
  } else if (items.length === 0) {
    content = <StatusPanel type="empty" />;
  } else {
    content = (
      <>
        <ul className={styles.cards} aria-label={t('notificationsPage.listLabel')}>
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={paths.profileNotification.getHref(item.id)}
                className={`${styles.card} ${item.isRead ? '' : styles.unread}`}
              >
                <span className={styles.cardHead}>
                  <span className={styles.category}>
                    {t(`notificationsPage.categories.${item.category}`)}
                  </span>
                  {item.isRead ? null : <span className={styles.newBadge}>{t('notificationsPage.new')}</span>}
                </span>
                <span className={styles.message}>{renderNotificationMessage(item, i18n.language)}</span>
                <time dateTime={item.createdAt} className={styles.time}>
                  {formatRelativeTime(item.createdAt, { locale: i18n.language })}
                </time>
              </Link>
            </li>
          ))}
        </ul>
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            className={styles.more}
            disabled={query.isFetchingNextPage}
            onClick={() => query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('common.loading') : t('notificationsPage.more')}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('pages.notifications.heading')} lead={t('pages.notifications.lead')} />
      <div className={styles.page}>
        <div className={styles.toolbar}>
          <span className={styles.toolbarLabel}>{t('notificationsPage.category')}</span>
          <Dropdown
            label={t('notificationsPage.category')}
            options={options}
            value={choice}
            onChange={setChoice}
            className={styles.dropdown}
          />
        </div>
        {content}
      </div>
    </>
  );
}
