import { type MessageParams, renderNotificationMessage } from '@paws/contracts/notifications-messages';

export interface NotificationMessageProps {
  notification: {
    notificationMessage: string;
    messageKey?: string | null;
    messageParams?: MessageParams | null;
  };
  language: string;
}

/** A notification in the reader's language (with the tables of every language's texts: loaded lazily). */
export function NotificationMessage({ notification, language }: NotificationMessageProps) {
  return <>{renderNotificationMessage(notification, language)}</>;
}
