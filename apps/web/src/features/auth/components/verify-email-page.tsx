import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function VerifyEmailPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.verifyEmail.heading')} lead={t('pages.verifyEmail.lead')} />;
}
