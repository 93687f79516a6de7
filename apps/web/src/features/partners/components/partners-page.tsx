import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function PartnersPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.forPartners.heading')} lead={t('pages.forPartners.lead')} />;
}
