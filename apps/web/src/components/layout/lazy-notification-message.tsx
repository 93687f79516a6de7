import { lazy, Suspense } from 'react';
import { reportingPreloadErrors } from '@/lib/preload-error';
import type { NotificationMessageProps } from './notification-message';

// The texts of every notification in four languages are needed only once a player has notifications: they stay
// off the first screen. Until they arrive, the English rendering the server stored shows.
const Message = lazy(
  reportingPreloadErrors(() =>
    import('./notification-message').then((module) => ({ default: module.NotificationMessage })),
  ),
);

/** A notification's text in the reader's language. */
export function LazyNotificationMessage(props: NotificationMessageProps) {
  return (
    <Suspense fallback={props.notification.notificationMessage}>
      <Message {...props} />
    </Suspense>
  );
}
