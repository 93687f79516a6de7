import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readAuthModalIntent, readAuthModalReturnTo } from '@/lib/auth-modal-state';
import { reportingPreloadErrors } from '@/lib/preload-error';
import { useAuthStatus, useSessionExpiredHandler } from '@/lib/session/use-session';
import { rememberReferralCode } from '../utils/referral-code';

// The modal, its forms and the shared schemas load only when someone opens it.
const AuthModal = lazy(
  reportingPreloadErrors(() => import('./auth-modal').then((module) => ({ default: module.AuthModal }))),
);

/**
 * Lives in the page wrapper: opens the auth modal when the navigation state carries
 * { authModal: 'login' | 'register' } (header buttons, screens that need a player), keeps the landing
 * URL's referralCode, and ends the session when a token refresh finds it expired.
 */
export function AuthModalHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const { isSignedIn } = useAuthStatus();
  useSessionExpiredHandler();

  useEffect(() => {
    rememberReferralCode(location.search);
  }, [location.search]);

  const intent = readAuthModalIntent(location.state);
  if (!intent || isSignedIn) return null;

  const close = () =>
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );

  return (
    <Suspense fallback={null}>
      <AuthModal
        key={location.key}
        initialMode={intent}
        returnTo={readAuthModalReturnTo(location.state)}
        onClose={close}
      />
    </Suspense>
  );
}
