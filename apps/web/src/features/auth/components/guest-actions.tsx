import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { type AuthModalIntent, authModalState } from '@/lib/auth-modal-state';
import styles from './guest-actions.module.css';

/** Log in / Create account for visitors: they flag the current location so the auth modal opens over it. */
export function GuestActions() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const open = (intent: AuthModalIntent) =>
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: authModalState(intent), replace: true, preventScrollReset: true },
    );
  return (
    <>
      <Button variant="secondary" size="sm" className={styles.action} onClick={() => open('login')}>
        {t('header.logIn')}
      </Button>
      <Button size="sm" className={styles.action} onClick={() => open('register')}>
        {t('header.createAccount')}
      </Button>
    </>
  );
}
