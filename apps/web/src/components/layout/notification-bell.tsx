import { type MessageParams, renderNotificationMessage } from '@paws/contracts/notifications-messages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/format';
import { usePopover } from '@/lib/use-popover';
import styles from './header-menus.module.css';

/** The fields of a notification (spec 001 §3) the shell shows. */
export interface NotificationItem {
  id: string | number;
  notificationMessage: string;
  /** The message's key and parameters: rendered in the reader's language (else notificationMessage). */
  messageKey?: string | null;
  messageParams?: MessageParams | null;
  isRead: boolean;
  createdAt: string;
}

/** Spec 000 §9: the dropdown list scrolls above 300px. */
export const BELL_LIST_MAX_HEIGHT = 300;

export interface NotificationBellProps {
  notifications: NotificationItem[];
  /** Unread notifications in all, when known (the list may show only the newest). */
  unreadCount?: number;
  /** Called each time the dropdown opens, so the caller refetches. */
  onOpen?: () => void;
}

export function NotificationBell({ notifications, unreadCount, onOpen }: NotificationBellProps) {
  const { t, i18n } = useTranslation();
  const { open, setOpen, rootRef, triggerRef } = usePopover();
  const listId = useId();
  const unread = (unreadCount ?? 0) > 0 || notifications.some((item) => !item.isRead);
  return (
    <div ref={rootRef} className={`${styles.menuRoot} ${styles.bellRoot}`}>
      <button
        ref={triggerRef}
        type="button"
        className={`${styles.trigger} ${styles.bell}`}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={unread ? t('bell.labelUnread') : t('bell.label')}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
      >
        <BellIcon size={22} />
        {unread ? <span className={styles.dot} data-testid="unread-dot" /> : null}
      </button>
      {open ? (
        <div id={listId} className={`${styles.menu} ${styles.bellMenu}`}>
          <p className={styles.menuTitle}>{t('bottomNav.notifications')}</p>
          {notifications.length === 0 ? (
            <p className={styles.empty}>{t('bottomNav.notificationsEmpty')}</p>
          ) : (
            <ul className={styles.bellList} style={{ maxHeight: BELL_LIST_MAX_HEIGHT }}>
              {notifications.map((item) => (
                <li key={item.id}>
                  <Link
                    to={paths.profileNotification.getHref(item.id)}
                    className={`${styles.notification} ${item.isRead ? '' : styles.unread}`}
                    onClick={() => setOpen(false)}
                  >
                    <span className={styles.message}>{renderNotificationMessage(item, i18n.language)}</span>
                    <time dateTime={item.createdAt} className={styles.time}>
                      {formatRelativeTime(item.createdAt, { locale: i18n.language })}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
