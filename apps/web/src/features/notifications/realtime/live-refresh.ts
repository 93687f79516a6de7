import type { Notification } from '@paws/contracts/notifications';
import type { NotificationMessageKey } from '@paws/contracts/notifications-texts';
import { type CacheGroup, cacheGroupKey } from '@/lib/query-client';

type Area = NotificationMessageKey extends `${infer A}.${string}` ? A : never;

/**
 * What each kind of live notification changed on the server, as the cache groups showing it: the balance
 * and the history for money, the badge for verification, the ban for restrictions, the ticket list.
 */
const changedBy: Record<Area, readonly CacheGroup[]> = {
  payment: ['user-data', 'deposit-transactions'],
  wallet: ['user-data', 'deposit-transactions'],
  bonus: ['user-data', 'deposit-transactions', 'bonuses'],
  win: ['user-data', 'deposit-transactions', 'bets'],
  verification: ['user-data'],
  account: ['user-data'],
  ticket: ['tickets'],
  security: [],
};

/** The cache groups a live notification makes stale, besides the notifications themselves. */
export function groupsChangedBy(notification: Pick<Notification, 'messageKey' | 'category'>): CacheGroup[] {
  const area = notification.messageKey?.split('.')[0] as Area | undefined;
  const groups = area && area in changedBy ? changedBy[area] : [];
  // Rows written before message keys: a financial one still moved money.
  if (!notification.messageKey && notification.category === 'FINANCIAL') {
    return ['notifications', 'user-data', 'deposit-transactions'];
  }
  return ['notifications', ...groups];
}

export const keysChangedBy = (notification: Pick<Notification, 'messageKey' | 'category'>) =>
  groupsChangedBy(notification).map(cacheGroupKey);
