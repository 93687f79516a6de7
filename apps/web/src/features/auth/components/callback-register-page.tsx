import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignInFromLink } from '../hooks/use-sign-in-from-link';
import { LinkLanding } from './link-landing';

/** /callback/register?token=…: the e-mailed confirmation link; confirms the account and signs in. */
export function CallbackRegisterPage() {
  const { t } = useTranslation();
  const signIn = useSignInFromLink('registration');
  const action = useCallback(() => signIn(), [signIn]);
  return (
    <LinkLanding
      title={t('pages.callbackRegister.heading')}
      lead={t('pages.callbackRegister.lead')}
      action={action}
    />
  );
}
