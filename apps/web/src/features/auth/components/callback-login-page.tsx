import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';
import { RETURN_TO_PARAM, safeReturnTo } from '@/lib/auth-modal-state';
import { markSignedIn } from '@/lib/session/use-session';
import { pendingSignInOf } from '@/lib/two-step-errors';
import { useSignInFromLink } from '../hooks/use-sign-in-from-link';
import { LinkLanding } from './link-landing';
import styles from './link-landing.module.css';
import { TwoStepStep } from './steps/two-step-step';

/**
 * /callback/login?token=…: the e-mailed sign-in link; lands the player signed in on home. With the
 * authenticator app on, the page asks for its code first (issue 29).
 */
export function CallbackLoginPage() {
  const { t } = useTranslation();
  const signIn = useSignInFromLink('login');
  const [pending, setPending] = useState<string>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const action = useCallback(async () => {
    try {
      return await signIn();
    } catch (caught) {
      const pendingSignIn = pendingSignInOf(caught);
      if (!pendingSignIn) throw caught;
      setPending(pendingSignIn);
      return undefined;
    }
  }, [signIn]);

  if (pending) {
    return (
      <div className={styles.wrap}>
        <PageHeader title={t('twoStep.signInTitle')} />
        <TwoStepStep
          pendingSignIn={pending}
          onSignedIn={async () => {
            await markSignedIn(queryClient);
            const returnTo = safeReturnTo(params.get(RETURN_TO_PARAM));
            await navigate(returnTo ?? paths.home.getHref(), { replace: true });
          }}
        />
      </div>
    );
  }
  return (
    <LinkLanding
      title={t('pages.callbackLogin.heading')}
      lead={t('pages.callbackLogin.lead')}
      action={action}
    />
  );
}
