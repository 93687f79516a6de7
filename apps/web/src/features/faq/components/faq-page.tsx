import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function FaqPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.faq.heading')} lead={t('pages.faq.lead')} />;
}
