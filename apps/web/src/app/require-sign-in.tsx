import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { type AuthModalIntent, authModalState } from '@/lib/auth-modal-state';
import { useAuthStatus } from '@/lib/session/use-session';
import styles from './require-sign-in.module.css';

/**
 * The guard layout route of every signed-in screen (/profile and below): a spinner while the auth status
 * is unknown, the screen for a player, and for a visitor a sign-in prompt that opens the login modal at
 * once. After signing in the visitor is on the same screen: in place for a phone code, through the
 * e-mailed link's returnTo for a link.
 */
export function RequireSignIn() {
  const { t } = useTranslation();
  const { isSignedIn, isPending } = useAuthStatus();
  const location = useLocation();
  const navigate = useNavigate();
  const asked = useRef(false);
  const returnTo = `${location.pathname}${location.search}${location.hash}`;

  const ask = (intent: AuthModalIntent) =>
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: authModalState(intent, returnTo), replace: true, preventScrollReset: true },
    );

  const signedOut = !isPending && !isSignedIn;
  useEffect(() => {
    if (!signedOut || asked.current) return;
    asked.current = true;
    // Opened once per visit of a guarded screen: closing the modal leaves the prompt and its buttons.
    if (location.state === null || location.state === undefined) void ask('login');
  });

  if (isPending) return <PageSpinner />;
  if (isSignedIn) return <Outlet />;
  return (
    <PageHeader title={t('pages.signInRequired.heading')} lead={t('pages.signInRequired.lead')}>
      <div className={styles.actions}>
        <Button onClick={() => void ask('login')}>{t('header.logIn')}</Button>
        <Button variant="secondary" onClick={() => void ask('register')}>
          {t('header.createAccount')}
        </Button>
      </div>
    </PageHeader>
  );
}
