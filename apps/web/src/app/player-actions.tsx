import { useQuery } from '@tanstack/react-query';
import { BalanceButton } from '@/components/layout/balance-button';
import { NotificationBell } from '@/components/layout/notification-bell';
import { UserMenu } from '@/components/layout/user-menu';
import { recentNotificationsQueryOptions } from '@/features/notifications/api/notifications';
import { displayNameOf } from '@/lib/display-name';
import { useLogout, useUser } from '@/lib/session/use-session';

/** The header's right-hand slot for a signed-in player: balance, bell and user menu. */
export function PlayerActions() {
  const { data } = useUser();
  const logout = useLogout();
  const recent = useQuery(recentNotificationsQueryOptions());
  const user = data?.user;
  return (
    <>
      <BalanceButton balances={data?.balances ?? []} />
      <NotificationBell
        notifications={recent.data?.notifications ?? []}
        unreadCount={recent.data?.unreadCounts?.[''] ?? 0}
        onOpen={() => void recent.refetch()}
      />
      <UserMenu
        username={user ? displayNameOf(user) : ''}
        avatarUrl={user?.linkMinified}
        isManager={user?.isManager}
        onLogout={() => logout.mutate()}
      />
    </>
  );
}
