import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function SupportPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.support.heading')} lead={t('pages.support.lead')} />;
}
