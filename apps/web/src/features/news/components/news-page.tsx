import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function NewsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.news.heading')} lead={t('pages.news.lead')} />;
}
