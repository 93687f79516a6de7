import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function AboutPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.aboutUs.heading')} lead={t('pages.aboutUs.lead')} />;
}
