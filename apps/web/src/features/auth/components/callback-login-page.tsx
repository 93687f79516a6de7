import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignInFromLink } from '../hooks/use-sign-in-from-link';
import { LinkLanding } from './link-landing';

/** /callback/login?token=…: the e-mailed sign-in link; lands the player signed in on home. */
export function CallbackLoginPage() {
  const { t } = useTranslation();
  const signIn = useSignInFromLink('login');
  const action = useCallback(() => signIn(), [signIn]);
  return (
    <LinkLanding
      title={t('pages.callbackLogin.heading')}
      lead={t('pages.callbackLogin.lead')}
      action={action}
    />
  );
}
