import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';

/** Spec 001 §2: on a window of 1024px or wider, /profile redirects to /profile/account. */
const PROFILE_WIDE_QUERY = '(min-width: 1024px)';

export function ProfileHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    const query = window.matchMedia?.(PROFILE_WIDE_QUERY);
    if (!query) return;
    const redirect = () => {
      if (query.matches) navigate(paths.profileAccount.getHref(), { replace: true });
    };
    redirect();
    query.addEventListener('change', redirect);
    return () => query.removeEventListener('change', redirect);
  }, [navigate]);

  return <PageHeader title={t('pages.profile.heading')} lead={t('pages.profile.lead')} />;
}
