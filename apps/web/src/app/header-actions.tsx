import { useQuery } from '@tanstack/react-query';
import { BalanceButton } from '@/components/layout/balance-button';
import { NotificationBell } from '@/components/layout/notification-bell';
import { UserMenu } from '@/components/layout/user-menu';
import { GuestActions } from '@/features/auth/components/guest-actions';
import { recentNotificationsQueryOptions } from '@/features/notifications/api/notifications';
import { displayNameOf } from '@/lib/display-name';
import { useAuthStatus, useLogout, useUser } from '@/lib/session/use-session';

/** The header's right-hand slot: Log in / Create account for visitors; balance, bell and user menu for players. */
export function HeaderActions() {
  const { isSignedIn } = useAuthStatus();
  const { data } = useUser();
  const logout = useLogout();
  const recent = useQuery({ ...recentNotificationsQueryOptions(), enabled: isSignedIn });
  if (!isSignedIn) return <GuestActions />;
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
