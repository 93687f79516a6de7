import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { endSessionByLink } from '../api/end-session';
import { LinkLanding } from './link-landing';

/** /end-session?token=…: the link of the new-device e-mail signs that device out, and says so. */
export function EndSessionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const action = useCallback(async () => {
    const token = params.get('token');
    if (!token) throw new Error(t('auth.links.missingToken'));
    await endSessionByLink(token);
    return t('sessions.endedByLink');
  }, [params, t]);
  return (
    <LinkLanding title={t('pages.endSession.heading')} lead={t('pages.endSession.lead')} action={action} />
  );
}
