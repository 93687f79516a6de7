import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function TermsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.termsOfService.heading')} lead={t('pages.termsOfService.lead')} />;
}
