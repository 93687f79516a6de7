import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { userDataQueryOptions } from '@/lib/session/user-data';
import { verifyEmail } from '../api/verify-email';
import { LinkLanding } from './link-landing';

/** /verify-email?token=…: confirms a changed e-mail address and says so. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const action = useCallback(async () => {
    const token = params.get('token');
    if (!token) throw new Error(t('auth.links.missingToken'));
    const { message } = await verifyEmail(token);
    await queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey });
    return message;
  }, [params, queryClient, t]);
  return (
    <LinkLanding title={t('pages.verifyEmail.heading')} lead={t('pages.verifyEmail.lead')} action={action} />
  );
}
