import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageHeader eyebrow="404" title={t('pages.notFound.heading')} lead={t('pages.notFound.lead')}>
      <ButtonLink to={paths.home.getHref()}>{t('pages.notFound.action')}</ButtonLink>
    </PageHeader>
  );
}
