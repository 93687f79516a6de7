import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';

export function NewsPostPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.newsPost.heading')}
      lead={t('pages.newsPost.lead')}
      back={{ to: paths.news.getHref(), label: t('pages.newsPost.back') }}
    />
  );
}
