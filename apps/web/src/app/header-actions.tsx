import { Suspense } from 'react';
import { GuestActions } from '@/features/auth/components/guest-actions';
import { lazyPage } from '@/lib/lazy-page';
import { useAuthStatus } from '@/lib/session/use-session';

// A visitor's first screen draws only Log in / Create account: the player's menus load once someone is signed in.
const PlayerActions = lazyPage(() => import('./player-actions'), 'PlayerActions');

/** The header's right-hand slot: Log in / Create account for visitors; balance, bell and user menu for players. */
export function HeaderActions() {
  const { isSignedIn } = useAuthStatus();
  if (!isSignedIn) return <GuestActions />;
  return (
    <Suspense fallback={null}>
      <PlayerActions />
    </Suspense>
  );
}
